// Module LecternApp.
