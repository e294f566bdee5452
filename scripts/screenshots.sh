#!/usr/bin/env bash
# Screenshots of every page in headless Chromium, to check they look right in a real browser.
#
#   scripts/screenshots.sh [OUTPUT_DIR]        (default: ./screenshots)
#
# Serves a fresh database holding the sample course (Courses/cs193p) on a free port and captures,
# at a desktop and a phone width:
#   - as a visitor: the home page, the course home, a lecture page linked to a moment (?t=), the search page with
#     results, the search page with a "did you mean" suggestion, the sign-in form and the sign-in
#     form after a wrong password;
#   - as a student: the course home, an Auto Layout and a Dynamics exercise before and after
#     submitting, the results of a conflicting and a magic-number layout submission and of a
#     Dynamics one (with their pictures), the account page with a new API token, the home page,
#     "My work", a 404 page (which keeps the user area), and a Swift file uploaded with the form;
#   - as an instructor: the course home, the home page, the course and lecture forms, a lecture
#     with the cue correction form, the gradebook, a student's and an exercise's drill-down,
#     a regrade dry run and, once it is applied, the audit log; the exercise library, the editor
#     (new, a preview, a library copy) and a student's result with scenarios held back.
# (A link's #fragment is left out: headless screenshots of a page scrolled to a fragment come out blank.)
#
# Signed-in pages are fetched with curl (a cookie jar, the CSRF token read from the forms), saved
# with a <base> pointing at the server so the stylesheet loads, and captured from the saved file.
# The window is as tall as each page needs, so a shot shows the whole page.
#
# Needs Debian's chromium package (apt-get install -y chromium) and curl. Uses LECTERN_BIN when
# set, otherwise builds the lectern executable with swift build.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-"$root/screenshots"}
browser=$(command -v chromium || command -v chromium-browser || true)
if [[ -z "$browser" ]]; then
    echo "screenshots.sh: chromium not found; install it with: apt-get install -y chromium" >&2
    exit 2
fi

bin=${LECTERN_BIN:-}
if [[ -z "$bin" ]]; then
    (cd "$root" && swift build --product lectern >/dev/null)
    bin="$(cd "$root" && swift build --product lectern --show-bin-path)/lectern"
fi

work=$(mktemp -d)
server=""
cleanup() {
    if [[ -n "$server" ]]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

db="$work/lectern.sqlite"
password="screenshots-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
LECTERN_ADMIN_PASSWORD="$password" "$bin" serve --port 0 --quiet --db "$db" --public "$root/Public" \
    --content "$root/Courses" --exercises "$root/Exercises" >"$work/serve.log" 2>&1 &
server=$!
base=""
for _ in $(seq 1 100); do
    base=$(sed -n 's/^Lectern listening on \(http:[^ ]*\).*/\1/p' "$work/serve.log")
    [[ -n "$base" ]] && break
    if ! kill -0 "$server" 2>/dev/null; then cat "$work/serve.log" >&2; exit 1; fi
    sleep 0.2
done
if [[ -z "$base" ]]; then
    echo "screenshots.sh: the server did not start" >&2
    cat "$work/serve.log" >&2
    exit 1
fi

mkdir -p "$out" "$work/pages"

# shoot NAME URL DESKTOP_HEIGHT PHONE_HEIGHT [LABEL]: a desktop and a phone screenshot of URL.
shoot() {
    local name=$1 url=$2 desktop=$3 phone=$4 label=${5:-${2#"$base"}}
    for size in "desktop|1280,$desktop" "phone|390,$phone"; do
        "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
            --user-data-dir="$work/profile" --window-size="${size#*|}" --virtual-time-budget=3000 \
            --screenshot="$out/$name-${size%%|*}.png" "$url" >/dev/null 2>&1
        echo "$out/$name-${size%%|*}.png  ($label)"
    done
}

# shoot_saved NAME FILE DESKTOP_HEIGHT PHONE_HEIGHT: screenshots of a page curl saved in FILE (its
# address in FILE.url); a <base> makes its stylesheet and links resolve on the server.
shoot_saved() {
    local name=$1 file=$2
    sed "s|<head>|<head><base href=\"$base/\">|" "$file" >"$work/pages/$name.html"
    shoot "$name" "file://$work/pages/$name.html" "$3" "$4" "$(cat "$file.url") as $(cat "$file.user")"
}

# Visitors' pages.
shoot home "$base/" 1100 1900
shoot course-home "$base/courses/cs193p" 1500 2600
shoot lecture-linked "$base/courses/cs193p/lectures/9?t=17" 900 844
shoot search-results "$base/search?q=magic+numbers&course=cs193p" 1400 2400
shoot search-suggestion "$base/search?q=autolayot" 900 844
shoot login "$base/login" 700 700

# Accounts: an instructor and two students of the sample course.
add_user() {
    local username=$1 name=$2 role=$3
    printf '%s\n' "$password" | "$bin" user add --db "$db" --course cs193p --role "$role" --name "$name" \
        --password-stdin "$username" >/dev/null
}
add_user ines "Ines Instructor" instructor
add_user alice "Alice Liddell" student
add_user bob "Bob Marley-Okonkwo" student

# csrf_of FILE: the first csrf field of a saved form.
csrf_of() { sed -n 's/.*name="csrf" value="\([0-9a-f]*\)".*/\1/p' "$1" | head -n 1; }

# sign_in USERNAME PASSWORD: signs in through the form, keeping the session in USERNAME's cookie jar;
# the page answered is left in $work/login-USERNAME.html.
sign_in() {
    local jar="$work/$1.cookies"
    curl -fsS -c "$jar" -b "$jar" "$base/login" -o "$work/login-form.html"
    curl -sS -c "$jar" -b "$jar" -o "$work/login-$1.html" --data-urlencode "csrf=$(csrf_of "$work/login-form.html")" \
        --data-urlencode "next=/courses/cs193p" --data-urlencode "username=$1" --data-urlencode "password=$2" "$base/login"
    echo "POST /login" >"$work/login-$1.html.url"
    echo "$1" >"$work/login-$1.html.user"
}

# fetch USERNAME PATH FILE: a page as USERNAME sees it.
fetch() {
    curl -fsS -b "$work/$1.cookies" -o "$3" "$base$2"
    echo "$2" >"$3.url"
    echo "$1" >"$3.user"
}

# post USERNAME PATH FILE [FIELD=VALUE...]: submits a form of PATH with USERNAME's CSRF token and
# saves the page it ends on, following the redirect.
post() {
    local user=$1 path=$2 file=$3
    shift 3
    local fields=(--data-urlencode "csrf=$(csrf_of "$work/$user.csrf.html")")
    for field in "$@"; do fields+=(--data-urlencode "$field"); done
    curl -fsS -L -b "$work/$user.cookies" -o "$file" -w '%{url_effective}' "${fields[@]}" "$base$path" >"$file.url"
    sed -i "s|^$base||" "$file.url"
    echo "$user" >"$file.user"
}

sign_in nobody "a wrong password"
shoot_saved login-error "$work/login-nobody.html" 700 700
for user in ines alice bob; do
    sign_in "$user" "$password"
    fetch "$user" /account "$work/$user.csrf.html"
done

examples="$root/Exercises"
page="$work/page.html"

# A student's pages.
fetch alice /courses/cs193p "$page" && shoot_saved student-course-home "$page" 1500 2600
curl -sS -b "$work/alice.cookies" -o "$page" "$base/no/such/page"; echo "/no/such/page" >"$page.url"; echo alice >"$page.user"
shoot_saved not-found-signed-in "$page" 600 844
fetch alice /courses/cs193p/exercises/attributor "$page" && shoot_saved exercise-layout-before "$page" 1500 2400
fetch alice /courses/cs193p/exercises/steady-stacks "$page" && shoot_saved exercise-dynamics-before "$page" 1500 2600
post alice /courses/cs193p/exercises/attributor "$page" "text=$(cat "$examples/attributor/examples/leftover-width.layout")"
shoot_saved submission-layout-conflict "$page" 2000 3400
post alice /courses/cs193p/exercises/attributor "$page" "text=$(cat "$examples/attributor/reference.layout")"
post alice /courses/cs193p/exercises/centered "$page" "text=$(cat "$examples/centered/examples/magic-numbers.layout")"
shoot_saved submission-layout-magic-numbers "$page" 2000 3400
post alice /courses/cs193p/exercises/steady-stacks "$page" "text=$(cat "$examples/steady-stacks/examples/tippy.json")"
shoot_saved submission-dynamics "$page" 2200 3600
fetch alice /courses/cs193p/exercises/attributor "$page" && shoot_saved exercise-layout-after "$page" 1700 2600
# A Swift file uploaded with the form: the result shows what it was understood as.
curl -fsS -L -b "$work/alice.cookies" -o "$page" -w '%{url_effective}' -F "csrf=$(csrf_of "$work/alice.csrf.html")" \
    -F "file=@$examples/corners/reference.swift;filename=ViewController.swift" "$base/courses/cs193p/exercises/corners" >"$page.url"
sed -i "s|^$base||" "$page.url"; echo alice >"$page.user"
shoot_saved submission-swift "$page" 1800 3000
post alice /account/tokens "$page" "name=Homework uploader"
shoot_saved account "$page" 1100 1500
fetch alice / "$page" && shoot_saved student-home "$page" 1300 2200
fetch alice /my-work "$page" && shoot_saved my-work "$page" 700 1100

# Another student, so the gradebook has rows to compare.
post bob /courses/cs193p/exercises/attributor "$page" "text=$(cat "$examples/attributor/examples/fixed-body-height.layout")"
post bob /courses/cs193p/exercises/steady-stacks "$page" "text=$(cat "$examples/steady-stacks/reference.json")"

# The instructor's pages.
fetch ines /courses/cs193p "$page" && shoot_saved instructor-course-home "$page" 900 1000
fetch ines / "$page" && shoot_saved instructor-home "$page" 700 900
fetch ines /courses/cs193p/edit "$page" && shoot_saved course-edit "$page" 700 900
fetch ines /courses/cs193p/lectures/new "$page" && shoot_saved lecture-new "$page" 1300 1900
fetch ines "/courses/cs193p/lectures/9?t=1287" "$page" && shoot_saved lecture-instructor "$page" 1400 1600
fetch ines /courses/cs193p/gradebook "$page" && shoot_saved gradebook "$page" 1100 1400
fetch ines /courses/cs193p/gradebook/students/alice "$page" && shoot_saved gradebook-student "$page" 1500 2200
fetch ines /courses/cs193p/gradebook/exercises/attributor "$page" && shoot_saved gradebook-exercise "$page" 1600 2400
post ines /courses/cs193p/exercises/attributor/regrades "$page"
regrade=$(cat "$page.url")
for _ in $(seq 1 50); do
    grep -q "$regrade/apply" "$page" && break
    sleep 0.2
    fetch ines "$regrade" "$page"
done
shoot_saved regrade-dry-run "$page" 900 1200
post ines "$regrade/apply" "$page"
fetch ines /courses/cs193p/audit "$page" && shoot_saved audit-log "$page" 1100 900

# Writing exercises: the library, a new exercise's form, its preview (with a wrong example that
# differs from its expected grade), a library copy in the editor, and a student's result while
# scenarios are held back until the deadline.
fetch ines /courses/cs193p/library "$page" && shoot_saved exercise-library "$page" 1600 3000
fetch ines /courses/cs193p/new-exercise "$page" && shoot_saved exercise-editor-new "$page" 2200 3400
post ines /courses/cs193p/new-exercise "$page" action=preview slug=centre-box "title=Centre the box" kind=layout points=100 \
    lectureCourse=cs193p lectureNumber=9 lectureAt=07:38 accepts=text accepts=storyboard "views=view box label 60x21" \
    'scenarios=[{"name": "portrait", "size": [320, 568], "points": 50}, {"name": "landscape", "size": [568, 320], "points": 50}]' \
    styleMagicNumbers=10 "statement=# Centre the box" "reference=box.centerX == superview.centerX
box.centerY == superview.centerY" starter= example-0-name=top-left "example-0-text=H:|-[box]
V:|-[box]" 'example-0-expected={"score": 0, "messages": []}'
shoot_saved exercise-preview "$page" 3600 6000
post ines /courses/cs193p/library/corners/copy "$page" slug=corners-copy
shoot_saved exercise-editor-copy "$page" 4600 7600
post ines /courses/cs193p/exercises/centered/feedback "$page" feedback=hint check=portrait visibility=now check=landscape \
    visibility=afterDeadline check=3.5-inch visibility=never
post alice /courses/cs193p/exercises/centered "$page" "text=$(cat "$examples/centered/examples/magic-numbers.layout")"
shoot_saved submission-hidden-checks "$page" 1100 1800
