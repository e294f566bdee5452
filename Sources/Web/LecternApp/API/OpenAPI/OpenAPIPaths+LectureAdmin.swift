extension OpenAPIPart {
    /// Caption corrections and caption tracks (lecture imports share the lecture's path, in `publicReads`).
    static let lectureAdmin = OpenAPIPart(paths: #"""
    {
      "/api/v1/courses/{course}/lectures/{number}/cues/{index}": {
        "patch": {
          "tags": ["lecture admin"], "operationId": "correctCue", "summary": "Corrects one cue's text or times",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [
            {"$ref": "#/components/parameters/course"}, {"$ref": "#/components/parameters/lectureNumber"},
            {"name": "index", "in": "path", "required": true, "description": "The cue's index (Cue.index).", "schema": {"type": "integer"}, "example": 12},
            {"name": "lang", "in": "query", "description": "Another caption track than the main one.", "schema": {"type": "string"}}
          ],
          "requestBody": {
            "required": true,
            "description": "Any of text, start and end (seconds); at most 64 KiB.",
            "content": {"application/json": {"schema": {
              "type": "object", "minProperties": 1, "additionalProperties": false,
              "properties": {"text": {"type": "string"}, "start": {"type": "number", "minimum": 0, "maximum": 360000}, "end": {"type": "number", "minimum": 0, "maximum": 360000}}
            }}}
          },
          "responses": {
            "200": {"description": "The corrected cue.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Cue"}}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"},
            "413": {"$ref": "#/components/responses/ContentTooLarge"},
            "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
            "422": {"$ref": "#/components/responses/Unprocessable"}
          }
        }
      },
      "/api/v1/courses/{course}/captions/replace": {
        "post": {
          "tags": ["lecture admin"], "operationId": "replaceInCaptions", "summary": "Find and replace in a course's captions (a preview unless apply)",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}],
          "requestBody": {
            "required": true,
            "description": "At most 16 KiB.",
            "content": {"application/json": {"schema": {
              "type": "object", "required": ["find", "replace"], "additionalProperties": false,
              "properties": {
                "find": {"type": "string", "maxLength": 1000}, "replace": {"type": "string", "maxLength": 1000},
                "lecture": {"type": "integer"}, "language": {"type": "string"},
                "matchCase": {"type": "boolean", "default": false}, "wholeWords": {"type": "boolean", "default": true}, "apply": {"type": "boolean", "default": false}
              }
            }, "example": {"find": "autolayout", "replace": "Auto Layout", "apply": false}}}
          },
          "responses": {
            "200": {"description": "Every change (made, or that would be made).", "content": {"application/json": {"schema": {
              "type": "object", "required": ["applied", "count", "changes"],
              "properties": {
                "applied": {"type": "boolean"}, "count": {"type": "integer"},
                "changes": {"type": "array", "items": {"type": "object", "required": ["lecture", "title", "index", "language", "timestamp", "url", "before", "after", "count"],
                  "properties": {"lecture": {"type": "integer"}, "title": {"type": "string"}, "index": {"type": "integer"}, "language": {"type": "string"},
                    "timestamp": {"type": "string"}, "url": {"type": "string"}, "before": {"type": "string"}, "after": {"type": "string"}, "count": {"type": "integer"}}}}
              }}}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"},
            "413": {"$ref": "#/components/responses/ContentTooLarge"},
            "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
            "422": {"$ref": "#/components/responses/Unprocessable"}
          }
        }
      },
      "/api/v1/courses/{course}/lectures/{number}/captions/{language}": {
        "put": {
          "tags": ["lecture admin"], "operationId": "putCaptionTrack", "summary": "Stores a caption track in another language than the main one",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [
            {"$ref": "#/components/parameters/course"}, {"$ref": "#/components/parameters/lectureNumber"},
            {"name": "language", "in": "path", "required": true, "description": "A language tag such as pt-BR.", "schema": {"type": "string", "maxLength": 35}, "example": "de"},
            {"name": "format", "in": "query", "description": "The caption format; detected when absent.", "schema": {"enum": ["plain", "vtt", "srt"]}}
          ],
          "requestBody": {
            "required": true,
            "description": "The caption file as it is (UTF-8, UTF-16 or Latin-1); at most the caption size limit.",
            "content": {"text/vtt": {"schema": {"type": "string"}}, "application/x-subrip": {"schema": {"type": "string"}}, "text/plain": {"schema": {"type": "string"}}}
          },
          "responses": {
            "200": {"description": "What was read and skipped.", "content": {"application/json": {"schema": {
              "type": "object", "required": ["language", "format", "encoding", "cueCount", "skippedLines"],
              "properties": {"language": {"type": "string"}, "format": {"type": "string"}, "encoding": {"type": "string"}, "cueCount": {"type": "integer"},
                "skippedLines": {"type": "array", "items": {"$ref": "#/components/schemas/SkippedLine"}}}}}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"},
            "409": {"$ref": "#/components/responses/Conflict"},
            "413": {"$ref": "#/components/responses/ContentTooLarge"},
            "422": {"$ref": "#/components/responses/Unprocessable"}
          }
        },
        "delete": {
          "tags": ["lecture admin"], "operationId": "deleteCaptionTrack", "summary": "Removes a caption track in another language",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [
            {"$ref": "#/components/parameters/course"}, {"$ref": "#/components/parameters/lectureNumber"},
            {"name": "language", "in": "path", "required": true, "schema": {"type": "string", "maxLength": 35}, "example": "de"}
          ],
          "responses": {
            "204": {"description": "Removed."},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"}
          }
        }
      }
    }
    """#, schemas: #"""
    {
      "LectureUpload": {
        "type": "object", "required": ["title"], "additionalProperties": false,
        "properties": {
          "title": {"type": "string", "maxLength": 300}, "date": {"type": ["string", "null"], "description": "YYYY-MM-DD"},
          "video": {"type": ["string", "null"], "description": "An http or https URL."},
          "captions": {"type": ["object", "null"], "required": ["text"], "additionalProperties": false,
            "properties": {"format": {"enum": ["plain", "vtt", "srt"]}, "text": {"type": "string"}, "language": {"type": ["string", "null"]}}},
          "transcript": {"type": ["string", "null"], "description": "Markdown."}
        },
        "example": {"title": "Auto Layout: rules instead of numbers", "date": "2026-10-22", "captions": {"format": "vtt", "text": "WEBVTT\n\n00:00.000 --> 00:04.000\nToday: constraints.\n"}}
      },
      "SkippedLine": {"type": "object", "required": ["line", "text", "reason"], "properties": {"line": {"type": "integer"}, "text": {"type": "string"}, "reason": {"type": "string"}}},
      "LectureImport": {
        "type": "object",
        "required": ["course", "number", "title", "created", "summary", "url", "captions", "transcript"],
        "properties": {
          "course": {"type": "string"}, "number": {"type": "integer"}, "title": {"type": "string"}, "created": {"type": "boolean"},
          "summary": {"type": "string"}, "url": {"type": "string"},
          "captions": {"type": ["object", "null"], "properties": {
            "format": {"type": "string"}, "cueCount": {"type": "integer"}, "language": {"type": "string"}, "encoding": {"type": "string"},
            "skippedLines": {"type": "array", "items": {"$ref": "#/components/schemas/SkippedLine"}},
            "joinedLines": {"type": "array", "items": {"type": "object", "properties": {"line": {"type": "integer"}, "text": {"type": "string"}, "cueStart": {"type": "number"}}}}}},
          "transcript": {"type": ["object", "null"], "properties": {"sections": {"type": "array", "items": {"type": "object",
            "properties": {"anchor": {"type": "string"}, "title": {"type": "string"}, "level": {"type": "integer"}}}}}}
        }
      }
    }
    """#)
}
