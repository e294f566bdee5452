#ifndef LECTERN_CCRYPT_SHIM_H
#define LECTERN_CCRYPT_SHIM_H
#include <crypt.h>
#endif
