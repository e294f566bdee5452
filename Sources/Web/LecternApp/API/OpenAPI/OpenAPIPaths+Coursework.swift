extension OpenAPIPart {
    /// Submissions: submitting, reading, listing and verifying.
    static let coursework = OpenAPIPart(paths: #"""
    {
      "/api/v1/courses/{course}/exercises/{slug}/submissions": {
        "post": {
          "tags": ["coursework"], "operationId": "submit", "summary": "Submits an answer and grades it",
          "description": "The same normalised text of the same exercise version is answered from the stored grade (200, reused) and uses no attempt. An answer that cannot be read uses no attempt either: 422 with the diagnostics in errors (line and column).",
          "security": [{"bearer": ["submit"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}, {"$ref": "#/components/parameters/exerciseSlug"}],
          "requestBody": {
            "required": true,
            "description": "The answer: 64 KiB in the exercise's format, 512 KiB for a storyboard or a source file.",
            "content": {
              "text/plain": {"schema": {"type": "string"}, "example": "H:|-[thing1]-|"},
              "application/json": {"schema": {"type": "object", "required": ["text"], "properties": {"text": {"type": "string"}}}},
              "application/x-ib+xml": {"schema": {"type": "string"}},
              "text/x-swift": {"schema": {"type": "string"}},
              "text/x-objective-c": {"schema": {"type": "string"}}
            }
          },
          "responses": {
            "200": {"description": "An identical earlier answer's grade.", "headers": {"Location": {"$ref": "#/components/headers/Location"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Submission"}}}},
            "201": {"description": "Graded and stored.", "headers": {"Location": {"$ref": "#/components/headers/Location"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Submission"}}},
              "links": {
                "GetSubmission": {"operationId": "getSubmission", "parameters": {"id": "$response.body#/id"}},
                "VerifySubmission": {"operationId": "verifySubmission", "parameters": {"id": "$response.body#/id"}}
              }},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"},
            "409": {"$ref": "#/components/responses/Conflict"},
            "413": {"$ref": "#/components/responses/ContentTooLarge"},
            "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
            "422": {"$ref": "#/components/responses/Unprocessable"},
            "429": {"$ref": "#/components/responses/TooManyRequests"},
            "503": {"$ref": "#/components/responses/ServiceUnavailable"}
          }
        },
        "get": {
          "tags": ["coursework"], "operationId": "listSubmissions", "summary": "A user's submissions of an exercise, newest first",
          "security": [{"bearer": ["read"]}, {"session": []}],
          "parameters": [
            {"$ref": "#/components/parameters/course"}, {"$ref": "#/components/parameters/exerciseSlug"},
            {"name": "user", "in": "query", "description": "me (the default), or a username (instructors).", "schema": {"type": "string", "default": "me"}},
            {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 500, "default": 100}},
            {"$ref": "#/components/parameters/cursor"}
          ],
          "responses": {
            "200": {"description": "A page of submissions.", "headers": {"Link": {"$ref": "#/components/headers/Link"}},
              "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Submission"}}}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"}
          }
        }
      },
      "/api/v1/submissions/{id}": {
        "get": {
          "tags": ["coursework"], "operationId": "getSubmission", "summary": "One submission with its text (its owner, the course's instructors)",
          "security": [{"bearer": ["read"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/id"}],
          "responses": {
            "200": {"description": "The submission.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Submission"}}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"}
          }
        }
      },
      "/api/v1/submissions/{id}/verify": {
        "post": {
          "tags": ["coursework"], "operationId": "verifySubmission", "summary": "Grades a submission again with its recorded version: is the stored grade reproduced?",
          "security": [{"bearer": ["submit"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/id"}],
          "responses": {
            "200": {"description": "The comparison.", "content": {"application/json": {"schema": {
              "type": "object", "required": ["id", "reproduced", "version", "graderVersion", "storedScore"],
              "properties": {
                "id": {"type": "integer"}, "reproduced": {"type": "boolean"}, "version": {"type": "string"}, "graderVersion": {"type": "string"},
                "storedScore": {"type": "number"}, "recomputedScore": {"type": ["number", "null"]}, "recomputedChecks": {}
              }}}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"},
            "429": {"$ref": "#/components/responses/TooManyRequests"},
            "503": {"$ref": "#/components/responses/ServiceUnavailable"}
          }
        }
      }
    }
    """#, schemas: #"""
    {
      "Submission": {
        "type": "object",
        "required": ["id", "url", "course", "exercise", "user", "attempt", "version", "graderVersion", "submissionHash", "score", "maxScore", "latePenalty", "countedScore", "checks", "diagnostics", "submittedAt"],
        "properties": {
          "id": {"type": "integer"}, "url": {"type": "string"}, "course": {"type": "string"}, "exercise": {"type": "string"},
          "user": {"type": "string"}, "attempt": {"type": "integer", "minimum": 1},
          "version": {"type": "string", "description": "The exercise version it was graded against."},
          "graderVersion": {"type": "string"}, "submissionHash": {"type": "string"},
          "score": {"type": ["number", "null"], "description": "Null while some checks are held back (see feedback)."},
          "maxScore": {"type": "number"}, "latePenalty": {"type": "number"}, "countedScore": {"type": ["number", "null"]},
          "feedback": {"type": "string", "description": "When checks are held back: the feedback level (full, hint, passFail)."},
          "visibleScore": {"type": "number"}, "visibleMaxScore": {"type": "number"}, "hidden": {"description": "What is held back, and until when."},
          "checks": {"description": "The grader's checks, as lectern grade --json prints them."},
          "diagnostics": {"description": "The grader's diagnostics."},
          "submittedAt": {"type": "string", "format": "date-time"},
          "reused": {"type": "boolean"},
          "text": {"type": "string", "description": "The answer as submitted (GET of one submission)."}
        }
      }
    }
    """#)
}
