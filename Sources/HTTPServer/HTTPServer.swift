// Module HTTPServer.
