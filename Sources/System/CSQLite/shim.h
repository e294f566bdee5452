#ifndef LECTERN_CSQLITE_SHIM_H
#define LECTERN_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
