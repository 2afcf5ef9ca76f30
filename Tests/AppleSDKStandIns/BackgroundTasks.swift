// The BackgroundTasks the documented app code imports: the kit's own stand-in.
@_exported import AppleSDKStandIn
