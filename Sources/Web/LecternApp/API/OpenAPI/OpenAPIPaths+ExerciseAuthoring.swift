extension OpenAPIPart {
    /// Exercise authoring for a course's instructors: exercises as data, versions, publishing, the library.
    static let exerciseAuthoring = OpenAPIPart(paths: #"""
    {
      "/api/v1/courses/{course}/exercises": {
        "post": {
          "tags": ["exercise authoring"], "operationId": "createExercise", "summary": "Creates an exercise (a draft) from its source",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}],
          "requestBody": {"required": true, "description": "The exercise source as JSON, within the exercise size limit.",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ExerciseSource"}}}},
          "responses": {
            "201": {"description": "Created.", "headers": {"Location": {"$ref": "#/components/headers/Location"}},
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ExerciseState"}}},
              "links": {"GetExercise": {"operationId": "getExercise", "parameters": {"course": "$request.path.course", "slug": "$response.body#/slug"}}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"},
            "409": {"$ref": "#/components/responses/Conflict"},
            "413": {"$ref": "#/components/responses/ContentTooLarge"},
            "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
            "422": {"$ref": "#/components/responses/Unprocessable"}
          }
        }
      },
      "/api/v1/courses/{course}/exercises/{slug}": {
        "get": {
          "tags": ["exercise authoring"], "operationId": "getExercise", "summary": "An exercise's latest source and its state",
          "security": [{"bearer": ["read"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}, {"$ref": "#/components/parameters/exerciseSlug"}],
          "responses": {
            "200": {"description": "The exercise.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ExerciseState"}}}},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"}
          }
        },
        "put": {
          "tags": ["exercise authoring"], "operationId": "saveExercise", "summary": "Saves a new draft of the exercise",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}, {"$ref": "#/components/parameters/exerciseSlug"}],
          "requestBody": {"required": true, "description": "The exercise source as JSON, within the exercise size limit.",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ExerciseSource"}}}},
          "responses": {
            "200": {"description": "Saved.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ExerciseState"}}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"},
            "409": {"$ref": "#/components/responses/Conflict"},
            "413": {"$ref": "#/components/responses/ContentTooLarge"},
            "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
            "422": {"$ref": "#/components/responses/Unprocessable"}
          }
        },
        "delete": {
          "tags": ["exercise authoring"], "operationId": "deleteExercise", "summary": "Deletes an exercise nobody has submitted to",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}, {"$ref": "#/components/parameters/exerciseSlug"}],
          "responses": {
            "204": {"description": "Deleted."},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"},
            "409": {"$ref": "#/components/responses/Conflict"}
          }
        }
      },
      "/api/v1/courses/{course}/exercises/{slug}/publish": {
        "post": {
          "tags": ["exercise authoring"], "operationId": "publishExercise", "summary": "Publishes the latest draft as a new version (a regrade dry run when graded submissions exist)",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}, {"$ref": "#/components/parameters/exerciseSlug"}],
          "responses": {
            "200": {"description": "Published.", "content": {"application/json": {"schema": {
              "type": "object", "required": ["version", "regrade"],
              "properties": {"version": {"type": "string"}, "previousVersion": {"type": ["string", "null"]},
                "regrade": {"type": ["object", "null"], "properties": {"id": {"type": "integer"}, "url": {"type": "string"}}}}}}}},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"},
            "409": {"$ref": "#/components/responses/Conflict"},
            "422": {"$ref": "#/components/responses/Unprocessable"},
            "429": {"$ref": "#/components/responses/TooManyRequests"},
            "503": {"$ref": "#/components/responses/ServiceUnavailable"}
          }
        }
      },
      "/api/v1/courses/{course}/exercises/{slug}/unpublish": {
        "post": {
          "tags": ["exercise authoring"], "operationId": "unpublishExercise", "summary": "Hides the exercise from students",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}, {"$ref": "#/components/parameters/exerciseSlug"}],
          "responses": {
            "204": {"description": "Hidden."},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"},
            "409": {"$ref": "#/components/responses/Conflict"}
          }
        }
      },
      "/api/v1/courses/{course}/exercises/{slug}/duplicate": {
        "post": {
          "tags": ["exercise authoring"], "operationId": "duplicateExercise", "summary": "Copies an exercise under a new slug, as a draft",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}, {"$ref": "#/components/parameters/exerciseSlug"}],
          "requestBody": {"required": true, "description": "At most 4 KiB.",
            "content": {"application/json": {"schema": {"type": "object", "required": ["slug"], "properties": {"slug": {"type": "string", "maxLength": 64}}}}}},
          "responses": {
            "201": {"description": "Copied.", "headers": {"Location": {"$ref": "#/components/headers/Location"}},
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ExerciseState"}}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"},
            "409": {"$ref": "#/components/responses/Conflict"},
            "413": {"$ref": "#/components/responses/ContentTooLarge"},
            "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
            "422": {"$ref": "#/components/responses/Unprocessable"}
          }
        }
      },
      "/api/v1/courses/{course}/exercise-preview": {
        "post": {
          "tags": ["exercise authoring"], "operationId": "previewExercise", "summary": "Grades an exercise source's reference and examples without storing anything",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}],
          "requestBody": {"required": true, "description": "The exercise source as JSON, within the exercise size limit.",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ExerciseSource"}}}},
          "responses": {
            "200": {"description": "What the graders make of it.", "content": {"application/json": {"schema": {"type": "object"}}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"},
            "413": {"$ref": "#/components/responses/ContentTooLarge"},
            "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
            "422": {"$ref": "#/components/responses/Unprocessable"},
            "429": {"$ref": "#/components/responses/TooManyRequests"},
            "503": {"$ref": "#/components/responses/ServiceUnavailable"}
          }
        }
      },
      "/api/v1/courses/{course}/library": {
        "get": {
          "tags": ["exercise authoring"], "operationId": "exerciseLibrary", "summary": "The shipped exercises a course can copy",
          "security": [{"bearer": ["read"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}],
          "responses": {
            "200": {"description": "The library.", "content": {"application/json": {"schema": {"type": "array", "items": {
              "type": "object", "required": ["slug", "title", "kind", "points", "version"],
              "properties": {"slug": {"type": "string"}, "title": {"type": "string"}, "kind": {"type": "string"}, "points": {"type": "number"}, "version": {"type": "string"}}}}}}},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"}
          }
        }
      },
      "/api/v1/courses/{course}/library/{slug}/copy": {
        "post": {
          "tags": ["exercise authoring"], "operationId": "copyLibraryExercise", "summary": "Copies a library exercise into the course, as a draft",
          "security": [{"bearer": ["staff"]}, {"session": []}],
          "parameters": [{"$ref": "#/components/parameters/course"}, {"$ref": "#/components/parameters/exerciseSlug"}],
          "requestBody": {"required": false, "description": "Optional: the new slug; at most 4 KiB.",
            "content": {"application/json": {"schema": {"type": "object", "properties": {"slug": {"type": "string", "maxLength": 64}}}}}},
          "responses": {
            "201": {"description": "Copied.", "headers": {"Location": {"$ref": "#/components/headers/Location"}},
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ExerciseState"}}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"},
            "404": {"$ref": "#/components/responses/NotFound"},
            "409": {"$ref": "#/components/responses/Conflict"},
            "413": {"$ref": "#/components/responses/ContentTooLarge"},
            "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
            "422": {"$ref": "#/components/responses/Unprocessable"}
          }
        }
      }
    }
    """#, schemas: #"""
    {
      "ExerciseSource": {"type": "object", "description": "An exercise as data: its statement, views, reference, checks and examples (see docs/exercises.md)."},
      "ExerciseState": {"type": "object", "description": "The exercise's record, its latest source and its state (draft, published, versions)."}
    }
    """#)
}
