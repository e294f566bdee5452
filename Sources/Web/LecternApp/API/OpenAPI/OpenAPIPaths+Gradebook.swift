extension OpenAPIPart {
    /// The instructors' side: gradebook, regrades, policies, extensions, enrollments, rosters, audit log.
    static let gradebook = OpenAPIPart(paths: #"""
    {
      "/api/v1/courses/{course}/gradebook": {
        "get": {
          "tags": ["gradebook"], "operationId": "gradebook", "summary": "Students × exercises with the scores that count, by username",
          "security": [{"bearer": ["read"]}, {"session": []}],
          "parameters": [
            {"$ref": "#/components/parameters/course"},
            {"name": "limit", "in": "query", "description": "Students per page.", "schema": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 200}},
            {"$ref": "#/components/parameters/cursor"}
          ],
          "responses": {
            "200": {"description": "A page of students.", "headers": {"Link": {"$ref": "#/components/headers/Link"}},
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Gradebook"}}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"}
          }
        }
      },
      "/api/v1/courses/{course}/gradebook.csv": {
        "get": {
          "tags": ["gradebook"], "operationId": "gradebookCSV", "summary": "The whole gradebook as CSV",
          "security": [{"bearer": ["read"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}],
          "responses": {
            "200": {"description": "One row per student.", "content": {"text/csv": {"schema": {"type": "string"}}}},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"}
          }
        }
      },
      "/api/v1/courses/{course}/exercises/{slug}/regrades": {
        "post": {
          "tags": ["gradebook"], "operationId": "startRegrade", "summary": "Starts a dry run of a regrade with the exercise's current version",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}, {"$ref": "#/components/parameters/exerciseSlug"}],
          "responses": {
            "202": {"description": "Started.", "headers": {"Location": {"$ref": "#/components/headers/Location"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Regrade"}}},
              "links": {
                "GetRegrade": {"operationId": "getRegrade", "parameters": {"id": "$response.body#/id"}},
                "ApplyRegrade": {"operationId": "applyRegrade", "parameters": {"id": "$response.body#/id"}},
                "DiscardRegrade": {"operationId": "discardRegrade", "parameters": {"id": "$response.body#/id"}}
              }},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"},
            "409": {"$ref": "#/components/responses/Conflict"},
            "429": {"$ref": "#/components/responses/TooManyRequests"},
            "503": {"$ref": "#/components/responses/ServiceUnavailable"}
          }
        }
      },
      "/api/v1/regrades/{id}": {
        "get": {
          "tags": ["gradebook"], "operationId": "getRegrade", "summary": "A regrade run and its before/after comparison",
          "security": [{"bearer": ["read"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/id"}],
          "responses": {
            "200": {"description": "The run.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Regrade"}}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"}
          }
        }
      },
      "/api/v1/regrades/{id}/apply": {
        "post": {
          "tags": ["gradebook"], "operationId": "applyRegrade", "summary": "Applies a ready dry run (previous grades kept in the history)",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/id"}],
          "responses": {
            "202": {"description": "Applying.", "headers": {"Location": {"$ref": "#/components/headers/Location"}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"},
            "409": {"$ref": "#/components/responses/Conflict"}
          }
        }
      },
      "/api/v1/regrades/{id}/discard": {
        "post": {
          "tags": ["gradebook"], "operationId": "discardRegrade", "summary": "Discards a dry run",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/id"}],
          "responses": {
            "202": {"description": "Discarded.", "headers": {"Location": {"$ref": "#/components/headers/Location"}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"},
            "409": {"$ref": "#/components/responses/Conflict"}
          }
        }
      },
      "/api/v1/courses/{course}/exercises/{slug}/policy": {
        "put": {
          "tags": ["gradebook"], "operationId": "setPolicy", "summary": "Sets the exercise's dates, late penalty, attempts and score policy",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}, {"$ref": "#/components/parameters/exerciseSlug"}],
          "requestBody": {
            "required": true,
            "description": "At most 16 KiB; times in ISO 8601 UTC; absent fields take their defaults.",
            "content": {"application/json": {"schema": {
              "type": "object",
              "properties": {
                "opensAt": {"type": ["string", "null"], "format": "date-time"}, "dueAt": {"type": ["string", "null"], "format": "date-time"},
                "closesAt": {"type": ["string", "null"], "format": "date-time"},
                "latePenaltyPerDay": {"type": "number", "minimum": 0, "maximum": 1}, "latePenaltyCap": {"type": "number", "minimum": 0, "maximum": 1},
                "maxAttempts": {"type": ["integer", "null"], "minimum": 1}, "cooldownSeconds": {"type": "integer", "minimum": 0},
                "scorePolicy": {"enum": ["best", "last"]}
              }
            }, "example": {"dueAt": "2026-12-01T23:59:00Z", "latePenaltyPerDay": 0.1, "latePenaltyCap": 0.5, "maxAttempts": 10, "scorePolicy": "best"}}}
          },
          "responses": {
            "204": {"description": "Saved (and in the audit log)."},
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
      "/api/v1/courses/{course}/exercises/{slug}/extensions": {
        "post": {
          "tags": ["gradebook"], "operationId": "grantExtension", "summary": "Gives one student later dates for one exercise",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}, {"$ref": "#/components/parameters/exerciseSlug"}],
          "requestBody": {
            "required": true,
            "description": "At most 16 KiB.",
            "content": {"application/json": {"schema": {
              "type": "object", "required": ["username", "dueAt"],
              "properties": {"username": {"type": "string"}, "dueAt": {"type": "string", "format": "date-time"}, "closesAt": {"type": ["string", "null"], "format": "date-time"}, "reason": {"type": "string", "maxLength": 1000}}
            }}}
          },
          "responses": {
            "204": {"description": "Granted (and in the audit log)."},
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
      "/api/v1/courses/{course}/enrollments": {
        "post": {
          "tags": ["gradebook"], "operationId": "enroll", "summary": "Enrols an existing account, or changes its role",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}],
          "requestBody": {
            "required": true,
            "description": "At most 4 KiB.",
            "content": {"application/json": {"schema": {
              "type": "object", "required": ["username", "role"],
              "properties": {"username": {"type": "string"}, "role": {"enum": ["student", "instructor"]}}
            }}}
          },
          "responses": {
            "204": {"description": "Enrolled."},
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
      "/api/v1/courses/{course}/roster": {
        "post": {
          "tags": ["gradebook"], "operationId": "importRoster", "summary": "Creates or enrols the students of a CSV roster",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}],
          "requestBody": {
            "required": true,
            "description": "username, display name, email; one student a line; at most 1 MiB.",
            "content": {"text/csv": {"schema": {"type": "string"}, "example": "username,name,email\nalice,Alice Liddell,alice@example.edu\n"}}
          },
          "responses": {
            "200": {"description": "Each student, and a set-password link for the new accounts.", "content": {"application/json": {"schema": {
              "type": "array", "items": {"type": "object", "required": ["username", "created"],
                "properties": {"username": {"type": "string"}, "created": {"type": "boolean"}, "setPasswordPath": {"type": ["string", "null"]}}}}}}},
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
      "/api/v1/courses/{course}/audit": {
        "get": {
          "tags": ["gradebook"], "operationId": "auditLog", "summary": "The course's audit log, newest first",
          "security": [{"bearer": ["read"]}, {"session": []}],
          "parameters": [
            {"$ref": "#/components/parameters/course"},
            {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 500, "default": 100}},
            {"$ref": "#/components/parameters/cursor"}
          ],
          "responses": {
            "200": {"description": "A page of entries.", "headers": {"Link": {"$ref": "#/components/headers/Link"}},
              "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/AuditEntry"}}}}},
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
      "Gradebook": {
        "type": "object",
        "required": ["course", "exercises", "students", "next"],
        "properties": {
          "course": {"type": "string"},
          "exercises": {"type": "array", "items": {"type": "object", "required": ["slug", "title", "points", "scorePolicy"],
            "properties": {"slug": {"type": "string"}, "title": {"type": "string"}, "points": {"type": "number"}, "scorePolicy": {"enum": ["best", "last"]}}}},
          "students": {"type": "array", "items": {"type": "object", "required": ["username", "displayName", "scores", "total"],
            "properties": {
              "username": {"type": "string"}, "displayName": {"type": "string"}, "total": {"type": "number"},
              "scores": {"type": "object", "description": "By exercise slug.", "additionalProperties": {"type": "object",
                "properties": {"counted": {"type": ["number", "null"]}, "attempts": {"type": "integer"}, "late": {"type": "boolean"}, "submission": {"type": ["integer", "null"]}}}}
            }}},
          "next": {"type": ["string", "null"]}
        }
      },
      "Regrade": {
        "type": "object",
        "required": ["id", "status", "version", "graderVersion", "total", "done", "error"],
        "properties": {
          "id": {"type": "integer"}, "status": {"enum": ["dry-run", "ready", "applying", "applied", "discarded", "failed"]},
          "version": {"type": "string"}, "graderVersion": {"type": "string"}, "total": {"type": "integer"}, "done": {"type": "integer"},
          "error": {"type": ["string", "null"]},
          "students": {"type": "array", "items": {"type": "object", "required": ["username", "before", "after"],
            "properties": {"username": {"type": "string"}, "before": {"type": ["number", "null"]}, "after": {"type": ["number", "null"]}}}}
        }
      },
      "AuditEntry": {
        "type": "object",
        "required": ["at", "actor", "action", "subject", "details"],
        "properties": {
          "at": {"type": "string", "format": "date-time"}, "actor": {"type": ["integer", "null"]},
          "action": {"type": "string", "example": "policy.change"}, "subject": {"type": "string", "example": "exercise:3"}, "details": {}
        }
      }
    }
    """#)
}
