import Foundation

extension MediaDownload.MediaType {
    /// From a file extension (`photo.JPG`), for a server that says `application/octet-stream`.
    init?(fileExtension: String) {
        let types = [
            "jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "heic": "image/heic",
            "mp3": "audio/mpeg", "m4a": "audio/mp4", "wav": "audio/wav", "aif": "audio/aiff", "aiff": "audio/aiff",
            "mp4": "video/mp4", "mov": "video/quicktime", "mpg": "video/mpeg", "mpeg": "video/mpeg",
            "m4v": "video/x-m4v",
        ]
        guard let type = types[fileExtension.lowercased()] else { return nil }
        self.init(contentType: type)
    }

    /// From the first bytes of the file (at least 12 for the container formats), when neither the
    /// server nor the URL says what it is.
    init?(sniffing head: Data) {
        let bytes = [UInt8](head.prefix(16))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }
        let type: String? =
            if starts([0xFF, 0xD8, 0xFF]) {
                "image/jpeg"
            } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
                "image/png"
            } else if ascii("GIF87a") || ascii("GIF89a") {
                "image/gif"
            } else if ascii("ftyp", at: 4) {
                // ISO base media: the major brand names the kind.
                switch String(decoding: bytes.dropFirst(8).prefix(4), as: UTF8.self) {
                case "heic", "heix", "mif1", "msf1": "image/heic"
                case "M4A ", "M4B ": "audio/mp4"
                case "qt  ": "video/quicktime"
                case "M4V ": "video/x-m4v"
                case "isom", "iso2", "mp41", "mp42", "avc1", "dash": "video/mp4"
                default: nil
                }
            } else if ascii("RIFF") && ascii("WAVE", at: 8) {
                "audio/wav"
            } else if ascii("FORM") && (ascii("AIFF", at: 8) || ascii("AIFC", at: 8)) {
                "audio/aiff"
            } else if ascii("ID3") || starts([0xFF, 0xFB]) || starts([0xFF, 0xF3]) || starts([0xFF, 0xF2]) {
                "audio/mpeg"
            } else if starts([0x00, 0x00, 0x01, 0xBA]) || starts([0x00, 0x00, 0x01, 0xB3]) {
                "video/mpeg"
            } else {
                nil
            }
        guard let type else { return nil }
        self.init(contentType: type)
    }
}
