// Lecture pages: the captions follow the recording. Progressive enhancement only: without this
// script every caption still links to its moment (a page link and a media-fragment link).
// Loaded as a same-origin file, so it runs under the Content Security Policy (no inline script).
(function () {
  "use strict";
  var video = document.getElementById("lecture-video");
  if (!video) { return; }
  var cues = Array.prototype.slice.call(document.querySelectorAll(".cue[data-start]"));
  if (cues.length === 0) { return; }
  var starts = cues.map(function (cue) { return Number(cue.getAttribute("data-start")) || 0; });
  var current = -1;

  // The last cue that has started by `time` (cues are in time order).
  function indexAt(time) {
    var low = 0, high = starts.length - 1, found = -1;
    while (low <= high) {
      var middle = (low + high) >> 1;
      if (starts[middle] <= time) { found = middle; low = middle + 1; } else { high = middle - 1; }
    }
    return found;
  }

  function mark(index) {
    if (index === current) { return; }
    if (current >= 0) {
      cues[current].classList.remove("playing");
      cues[current].removeAttribute("aria-current");
    }
    current = index;
    if (index >= 0) {
      cues[index].classList.add("playing");
      cues[index].setAttribute("aria-current", "time");
    }
  }

  video.addEventListener("timeupdate", function () { mark(indexAt(video.currentTime)); });

  // A click on a caption's time or play link seeks the recording instead of leaving the page.
  cues.forEach(function (cue, index) {
    cue.addEventListener("click", function (event) {
      var link = event.target.closest("a.cue-time, a.cue-play");
      if (!link) { return; }
      event.preventDefault();
      video.currentTime = starts[index];
      video.play();
      mark(index);
      history.replaceState(null, "", "?t=" + starts[index] + "#t" + starts[index]);
    });
  });
})();
