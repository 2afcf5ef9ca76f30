import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches a push's `media-url` for a Notification Service Extension: within a time budget below
/// the extension's ~30 s, refusing what iOS would refuse to attach (Apple's limits: images 10 MB,
/// audio 5 MB, video 50 MB) and types it cannot show, and streaming to a file (an extension has
/// little memory). Any failure means: deliver the original content.
public struct MediaDownload: Sendable {
    public enum Kind: String, Sendable, Equatable {
        case image, audio, video

        /// Apple's attachment size limit for the kind.
        public var maximumBytes: Int {
            switch self {
            case .image: 10_000_000
            case .audio: 5_000_000
            case .video: 50_000_000
            }
        }
    }

    /// A MIME type iOS attaches: its kind, the uniform type identifier to hint with, and the file
    /// extension the attachment needs.
    public struct MediaType: Sendable, Equatable {
        public var kind: Kind
        public var typeHint: String
        public var fileExtension: String

        /// From a `Content-Type` value (parameters ignored); nil for a type iOS does not attach.
        public init?(contentType: String) {
            let mime = contentType.split(separator: ";").first.map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            switch mime {
            case "image/jpeg", "image/jpg": self.init(.image, "public.jpeg", "jpg")
            case "image/png": self.init(.image, "public.png", "png")
            case "image/gif": self.init(.image, "com.compuserve.gif", "gif")
            case "image/heic": self.init(.image, "public.heic", "heic")
            case "audio/mpeg", "audio/mp3": self.init(.audio, "public.mp3", "mp3")
            case "audio/mp4", "audio/x-m4a", "audio/m4a": self.init(.audio, "public.mpeg-4-audio", "m4a")
            case "audio/wav", "audio/x-wav", "audio/wave": self.init(.audio, "com.microsoft.waveform-audio", "wav")
            case "audio/aiff", "audio/x-aiff": self.init(.audio, "public.aiff-audio", "aiff")
            case "video/mp4": self.init(.video, "public.mpeg-4", "mp4")
            case "video/quicktime": self.init(.video, "com.apple.quicktime-movie", "mov")
            case "video/mpeg": self.init(.video, "public.mpeg", "mpg")
            case "video/x-m4v": self.init(.video, "public.mpeg-4", "m4v")
            default: return nil
            }
        }

        private init(_ kind: Kind, _ typeHint: String, _ fileExtension: String) {
            self.kind = kind
            self.typeHint = typeHint
            self.fileExtension = fileExtension
        }
    }

    /// A file ready to attach.
    public struct Media: Sendable, Equatable {
        public var file: URL
        public var type: MediaType
        public var bytes: Int
    }

    public enum Failure: Error, Sendable, Equatable {
        case notHTTPS(String)
        case status(Int)
        case unsupportedType(String?)
        case tooLarge(bytes: Int, limit: Int)
        case timedOut
        case network(String)
    }

    /// Well below the extension's 30 s, to leave time to hand the content back.
    public var budget: Duration
    /// `http` is allowed only for development against a local server.
    public var allowsHTTP: Bool

    public init(budget: Duration = .seconds(20), allowsHTTP: Bool = false) {
        self.budget = budget
        self.allowsHTTP = allowsHTTP
    }

    /// Downloads `url` into `folder` (a temporary folder of the extension's) under a name with
    /// the right extension: iOS reads the type from it. The body is streamed to the file; a
    /// `Content-Length` over the limit is refused before any of the body is read, and a body that
    /// grows past it is cut off there. Cancelling the calling task stops the download.
    public func fetch(_ url: URL, into folder: URL) async throws(Failure) -> Media {
        guard url.scheme == "https" || (allowsHTTP && url.scheme == "http") else {
            throw .notHTTPS(url.absoluteString)
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .network("cannot write to \(folder.path): \(error)")
        }
        let partial = folder.appendingPathComponent("\(UUID().uuidString).part")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = budget / .seconds(1)
        configuration.timeoutIntervalForResource = budget / .seconds(1)
        let stream = MediaStream(url: url, file: partial)
        let session = URLSession(configuration: configuration, delegate: stream, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let task = session.dataTask(with: URLRequest(url: url))
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in stream.start(task, continuation) }
        } onCancel: {
            task.cancel()
        }
        switch result {
        case .failure(let failure):
            try? FileManager.default.removeItem(at: partial)
            throw failure
        case .success(let (type, bytes)):
            let file = folder.appendingPathComponent("\(UUID().uuidString).\(type.fileExtension)")
            do {
                try FileManager.default.moveItem(at: partial, to: file)
            } catch {
                try? FileManager.default.removeItem(at: partial)
                throw .network("cannot keep the download: \(error)")
            }
            return Media(file: file, type: type, bytes: bytes)
        }
    }
}
