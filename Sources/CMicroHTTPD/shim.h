#ifndef ACTIONHUB_CMICROHTTPD_SHIM_H
#define ACTIONHUB_CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// MHD_start_daemon is C-variadic, which Swift cannot call: every option travels in one
/// MHD_OPTION_ARRAY built on the Swift side.
static inline struct MHD_Daemon *actionhub_mhd_start_daemon(
    unsigned int flags, MHD_AccessHandlerCallback handler, void *handler_context,
    struct MHD_OptionItem *options) {
  return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_context,
                          MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

#endif
