/// An endpoint as the delivery threads need it.
public struct WebhookTarget: Sendable, Equatable {
    public var id: String
    public var url: String
    /// `whsec_` and the base64 of the key bytes.
    public var secret: String

    public init(id: String, url: String, secret: String) {
        self.id = id
        self.url = url
        self.secret = secret
    }
}
