extension OpenAPIPart {
    /// Bearer sessions and the signed-in user.
    static let accounts = OpenAPIPart(paths: #"""
    {
      "/api/v1/session": {
        "post": {
          "tags": ["accounts"], "operationId": "signIn", "summary": "Signs in: a bearer session token",
          "description": "Sign-ins are limited per account and address: beyond the limits, 429 with Retry-After.",
          "security": [],
          "requestBody": {
            "required": true,
            "description": "At most 4 KiB.",
            "content": {"application/json": {"schema": {
              "type": "object", "required": ["username", "password"],
              "properties": {"username": {"type": "string", "maxLength": 100}, "password": {"type": "string", "maxLength": 1000}}
            }}}
          },
          "responses": {
            "200": {"description": "Signed in.", "content": {"application/json": {"schema": {
              "type": "object", "required": ["token", "user"],
              "properties": {"token": {"type": "string"}, "user": {"$ref": "#/components/schemas/User"}}}}}},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "413": {"$ref": "#/components/responses/ContentTooLarge"},
            "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
            "429": {"$ref": "#/components/responses/TooManyRequests"},
            "503": {"$ref": "#/components/responses/ServiceUnavailable"}
          }
        },
        "delete": {
          "tags": ["accounts"], "operationId": "signOut", "summary": "Ends the session of the request",
          "security": [{"bearer": []}, {"session": []}],
          "responses": {
            "204": {"description": "Signed out."},
            "400": {"$ref": "#/components/responses/BadRequest"},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"}
          }
        }
      },
      "/api/v1/me": {
        "get": {
          "tags": ["accounts"], "operationId": "me", "summary": "The signed-in user",
          "security": [{"bearer": ["read"]}, {"session": []}],
          "responses": {
            "200": {"description": "Who the credential belongs to.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/User"}}}},
            "401": {"$ref": "#/components/responses/Unauthorized"},
            "403": {"$ref": "#/components/responses/Forbidden"}
          }
        }
      }
    }
    """#)
}
