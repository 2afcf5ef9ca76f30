// The UserNotifications the documented app code imports: the kit's own stand-in, so that the
// kit's glue and the app code meet the same classes.
@_exported import AppleSDKStandIn
