extension OpenAPIPart {
    /// Health, courses, lectures, caption search, and this description: public reads.
    static let publicReads = OpenAPIPart(paths: #"""
    {
      "/api/v1/health": {
        "get": {
          "tags": ["meta"], "operationId": "health", "summary": "Whether the server and its database answer",
          "security": [],
          "responses": {
            "200": {"description": "Up.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Health"}, "example": {"status": "ok", "version": "1.0.0", "database": "ok"}}}},
            "503": {"description": "The database does not answer: a problem that also has version and database (\"error\").", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
          }
        }
      },
      "/api/v1/openapi.json": {
        "get": {
          "tags": ["meta"], "operationId": "openapi", "summary": "This description (OpenAPI 3.1)",
          "security": [],
          "parameters": [{"$ref": "#/components/parameters/ifNoneMatch"}],
          "responses": {
            "200": {"description": "The document.", "headers": {"ETag": {"$ref": "#/components/headers/ETag"}}, "content": {"application/json": {"schema": {"type": "object", "required": ["openapi", "paths"]}}}},
            "304": {"$ref": "#/components/responses/NotModified"}
          }
        }
      },
      "/api/v1/docs": {
        "get": {
          "tags": ["meta"], "operationId": "apiDocs", "summary": "This description as a web page",
          "security": [],
          "responses": {
            "200": {"description": "Plain HTML, no scripts.", "content": {"text/html": {"schema": {"type": "string"}}}}
          }
        }
      },
      "/api/v1/courses": {
        "get": {
          "tags": ["lectures"], "operationId": "listCourses", "summary": "Every course, by slug",
          "security": [],
          "parameters": [{"$ref": "#/components/parameters/ifNoneMatch"}],
          "responses": {
            "200": {
              "description": "The courses.",
              "headers": {"ETag": {"$ref": "#/components/headers/ETag"}, "Cache-Control": {"$ref": "#/components/headers/CacheControl"}},
              "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/CourseSummary"}},
                "example": [{"slug": "cs193p", "title": "Developing iOS Apps: Animation and Auto Layout", "summary": "Three short lectures from the middle of an iOS development course."}]}}
            },
            "304": {"$ref": "#/components/responses/NotModified"}
          }
        },
        "post": {
          "tags": ["gradebook"], "operationId": "createCourse", "summary": "Creates a course (site admins)",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "requestBody": {
            "required": true,
            "description": "At most 16 KiB.",
            "content": {"application/json": {"schema": {
              "type": "object", "required": ["slug", "title"],
              "properties": {"slug": {"type": "string", "maxLength": 64, "example": "cs101"}, "title": {"type": "string", "maxLength": 200}, "summary": {"type": "string", "maxLength": 4000}}
            }}}
          },
          "responses": {
            "201": {"description": "Created.", "headers": {"Location": {"$ref": "#/components/headers/Location"}}, "content": {"application/json": {"schema": {
              "type": "object", "required": ["slug", "title"], "properties": {"slug": {"type": "string"}, "title": {"type": "string"}}}}},
              "links": {"ListLectures": {"operationId": "listLectures", "parameters": {"course": "$response.body#/slug"}}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "413": {"$ref": "#/components/responses/ContentTooLarge"},
            "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
            "422": {"$ref": "#/components/responses/Unprocessable"}
          }
        }
      },
      "/api/v1/courses/{course}/lectures": {
        "get": {
          "tags": ["lectures"], "operationId": "listLectures", "summary": "A course's lectures, by number",
          "security": [],
          "parameters": [{"$ref": "#/components/parameters/course"}, {"$ref": "#/components/parameters/ifNoneMatch"}],
          "responses": {
            "200": {
              "description": "The lectures.",
              "headers": {"ETag": {"$ref": "#/components/headers/ETag"}, "Cache-Control": {"$ref": "#/components/headers/CacheControl"}},
              "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/LectureSummary"}}}}
            },
            "304": {"$ref": "#/components/responses/NotModified"},
            "404": {"$ref": "#/components/responses/NotFound"}
          }
        }
      },
      "/api/v1/courses/{course}/lectures/{number}": {
        "get": {
          "tags": ["lectures"], "operationId": "getLecture", "summary": "One lecture with its transcript sections and caption cues",
          "security": [],
          "parameters": [{"$ref": "#/components/parameters/course"}, {"$ref": "#/components/parameters/lectureNumber"}, {"$ref": "#/components/parameters/ifNoneMatch"}],
          "responses": {
            "200": {
              "description": "The lecture.",
              "headers": {"ETag": {"$ref": "#/components/headers/ETag"}, "Cache-Control": {"$ref": "#/components/headers/CacheControl"}},
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Lecture"}}}
            },
            "304": {"$ref": "#/components/responses/NotModified"},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "404": {"$ref": "#/components/responses/NotFound"}
          }
        },
        "put": {
          "tags": ["lecture admin"], "operationId": "importLecture", "summary": "Imports or replaces a lecture with its captions and transcript",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}, {"$ref": "#/components/parameters/lectureNumber"}],
          "requestBody": {
            "required": true,
            "description": "At most 8 MiB.",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LectureUpload"}}}
          },
          "responses": {
            "200": {"description": "Replaced.", "headers": {"Location": {"$ref": "#/components/headers/Location"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LectureImport"}}}},
            "201": {"description": "Created.", "headers": {"Location": {"$ref": "#/components/headers/Location"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LectureImport"}}},
              "links": {
                "GetLecture": {"operationId": "getLecture", "parameters": {"course": "$response.body#/course", "number": "$response.body#/number"}},
                "DeleteLecture": {"operationId": "deleteLecture", "parameters": {"course": "$response.body#/course", "number": "$response.body#/number"}}
              }},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"},
            "409": {"$ref": "#/components/responses/Conflict"},
            "413": {"$ref": "#/components/responses/ContentTooLarge"},
            "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
            "422": {"$ref": "#/components/responses/Unprocessable"},
            "503": {"$ref": "#/components/responses/ServiceUnavailable"}
          }
        },
        "delete": {
          "tags": ["lecture admin"], "operationId": "deleteLecture", "summary": "Removes a lecture, its captions and its search entries",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}, {"$ref": "#/components/parameters/lectureNumber"}],
          "responses": {
            "204": {"description": "Removed."},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"}
          }
        }
      },
      "/api/v1/search": {
        "get": {
          "tags": ["lectures"], "operationId": "search", "summary": "Searches captions and transcripts",
          "description": "Best hits first. Page with cursor (from next) or jump with offset. Rate-limited per client address (RateLimit headers on every answer).",
          "security": [],
          "parameters": [
            {"name": "q", "in": "query", "description": "Words, \"exact phrases\", prefix*, OR, -excluded; the first 1,000 characters are read.", "schema": {"type": "string"}, "example": "constraint priority"},
            {"name": "course", "in": "query", "description": "Only this course.", "schema": {"type": "string"}, "example": "cs193p"},
            {"name": "lecture", "in": "query", "description": "Only this lecture of course (needs course).", "schema": {"type": "integer", "minimum": 0, "maximum": 100000}, "example": 9},
            {"name": "lang", "in": "query", "description": "Only caption tracks in this language.", "schema": {"type": "string"}, "example": "en"},
            {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 100, "default": 20}},
            {"name": "offset", "in": "query", "description": "Hits to skip (a page to jump to); ignored with cursor.", "schema": {"type": "integer", "minimum": 0, "maximum": 1000, "default": 0}},
            {"name": "context", "in": "query", "description": "Cues before and after each caption hit to include.", "schema": {"type": "integer", "minimum": 0, "maximum": 5, "default": 0}},
            {"$ref": "#/components/parameters/cursor"},
            {"$ref": "#/components/parameters/ifNoneMatch"}
          ],
          "responses": {
            "200": {
              "description": "A page of hits.",
              "headers": {
                "ETag": {"$ref": "#/components/headers/ETag"}, "Cache-Control": {"$ref": "#/components/headers/CacheControl"},
                "Link": {"$ref": "#/components/headers/Link"},
                "RateLimit": {"$ref": "#/components/headers/RateLimit"}, "RateLimit-Policy": {"$ref": "#/components/headers/RateLimitPolicy"}
              },
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SearchResults"}, "example": {
                "query": "constraint", "total": 1, "suggestion": null, "next": null,
                "hits": [{"kind": "caption", "course": "cs193p", "lecture": {"number": 9, "title": "Auto Layout: rules instead of numbers", "video": null},
                  "start": 95.0, "end": 99.5, "timestamp": "1:35", "text": "Each constraint is one rule.", "snippet": "Each <mark>constraint</mark> is one rule.", "url": "/courses/cs193p/lectures/9?t=95#t95"}]}}}
            },
            "304": {"$ref": "#/components/responses/NotModified"},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "429": {"$ref": "#/components/responses/TooManyRequests"}
          }
        }
      }
    }
    """#, schemas: #"""
    {
      "Health": {"type": "object", "required": ["status", "version", "database"], "properties": {"status": {"const": "ok"}, "version": {"type": "string"}, "database": {"const": "ok"}}},
      "CourseSummary": {"type": "object", "required": ["slug", "title", "summary"], "properties": {"slug": {"type": "string"}, "title": {"type": "string"}, "summary": {"type": "string"}}},
      "LectureSummary": {
        "type": "object",
        "required": ["number", "title", "date", "video", "cueCount", "sectionCount", "url", "captions", "transcript"],
        "properties": {
          "number": {"type": "integer"}, "title": {"type": "string"}, "date": {"type": ["string", "null"]},
          "video": {"type": ["string", "null"], "description": "The lecture's video URL."},
          "cueCount": {"type": "integer"}, "sectionCount": {"type": "integer"}, "url": {"type": "string"},
          "captions": {"type": "object", "required": ["language", "vtt", "srt", "txt"], "properties": {"language": {"type": "string"}, "vtt": {"type": "string"}, "srt": {"type": "string"}, "txt": {"type": "string"}}},
          "transcript": {"type": "string"}
        }
      },
      "Lecture": {
        "allOf": [{"$ref": "#/components/schemas/LectureSummary"}],
        "type": "object",
        "required": ["course", "languages", "sections", "cues"],
        "properties": {
          "course": {"type": "string"},
          "languages": {"type": "array", "items": {"type": "string"}},
          "sections": {"type": "array", "items": {"$ref": "#/components/schemas/Section"}},
          "cues": {"type": "array", "items": {"$ref": "#/components/schemas/Cue"}}
        }
      },
      "Section": {"type": "object", "required": ["anchor", "title", "level", "markdown", "text"], "properties": {"anchor": {"type": "string"}, "title": {"type": "string"}, "level": {"type": "integer"}, "markdown": {"type": "string"}, "text": {"type": "string"}}},
      "Cue": {
        "type": "object",
        "required": ["index", "start", "end", "timestamp", "text", "speaker", "speakerChange", "nonSpeech"],
        "properties": {
          "index": {"type": "integer"}, "start": {"type": "number", "description": "Seconds."}, "end": {"type": "number"},
          "timestamp": {"type": "string"}, "text": {"type": "string"}, "speaker": {"type": ["string", "null"]},
          "speakerChange": {"type": "boolean"}, "nonSpeech": {"type": "boolean"}
        }
      },
      "SearchResults": {
        "type": "object",
        "required": ["query", "total", "hits", "suggestion", "next"],
        "properties": {
          "query": {"type": "string"}, "total": {"type": "integer", "minimum": 0},
          "hits": {"type": "array", "items": {"$ref": "#/components/schemas/SearchHit"}},
          "suggestion": {"type": ["string", "null"], "description": "A corrected query when this one found nothing."},
          "next": {"type": ["string", "null"], "description": "The next page, or null on the last."}
        }
      },
      "SearchHit": {
        "type": "object",
        "required": ["kind", "course", "lecture", "text", "snippet", "url"],
        "properties": {
          "kind": {"enum": ["caption", "transcript"]},
          "course": {"type": "string"},
          "lecture": {"type": "object", "required": ["number", "title", "video"], "properties": {"number": {"type": "integer"}, "title": {"type": "string"}, "video": {"type": ["string", "null"]}}},
          "start": {"type": "number", "description": "Caption hits: the cue's start, in seconds."},
          "end": {"type": "number", "description": "Caption hits: the cue's end, in seconds."},
          "timestamp": {"type": "string"},
          "videoAt": {"type": "string", "description": "Caption hits of lectures with a video: the video URL with a media fragment (#t=start,end)."},
          "section": {"type": "string", "description": "Transcript hits: the section's anchor."},
          "text": {"type": "string"}, "snippet": {"type": "string", "description": "HTML: the text escaped, with <mark> around matches."},
          "url": {"type": "string", "description": "The lecture page at the hit."},
          "context": {"type": "object", "properties": {"before": {"type": "array", "items": {"$ref": "#/components/schemas/Cue"}}, "after": {"type": "array", "items": {"$ref": "#/components/schemas/Cue"}}}}
        }
      }
    }
    """#)
}
