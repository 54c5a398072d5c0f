internal import CYAML

/// One libyaml parse event, copied out of libyaml's buffers into Swift values.
///
/// This is the only place where libyaml's 0-based marks become 1-based `SourceLocation`s
/// (`YAMLEvent.location(of:file:)`); every other part of SpecKit sees 1-based locations only.
struct YAMLEvent {
    /// What the event says, with the text it carries.
    enum Kind {
        case streamStart
        case streamEnd
        case documentStart
        case documentEnd
        case alias(anchor: String)
        /// `quoted` is true for any non-plain style, and for a plain scalar with an explicit `!!str` tag.
        case scalar(text: String, quoted: Bool, anchor: String?)
        case sequenceStart(anchor: String?)
        case sequenceEnd
        case mappingStart(anchor: String?)
        case mappingEnd
    }

    var kind: Kind
    /// Where the event starts.
    var location: SourceLocation

    /// Copies a libyaml event. The caller still owns `event` and deletes it.
    init(_ event: UnsafePointer<yaml_event_t>, file: FileName) {
        let raw = event.pointee
        location = YAMLEvent.location(of: raw.start_mark, file: file)
        switch raw.type {
        case YAML_STREAM_START_EVENT:
            kind = .streamStart
        case YAML_DOCUMENT_START_EVENT:
            kind = .documentStart
        case YAML_DOCUMENT_END_EVENT:
            kind = .documentEnd
        case YAML_ALIAS_EVENT:
            kind = .alias(anchor: YAMLEvent.text(raw.data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT:
            let scalar = raw.data.scalar
            let text = scalar.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
            } ?? ""
            let quoted = scalar.style != YAML_PLAIN_SCALAR_STYLE || YAMLEvent.isStringTag(scalar.tag)
            kind = .scalar(text: text, quoted: quoted, anchor: YAMLEvent.text(scalar.anchor))
        case YAML_SEQUENCE_START_EVENT:
            kind = .sequenceStart(anchor: YAMLEvent.text(raw.data.sequence_start.anchor))
        case YAML_SEQUENCE_END_EVENT:
            kind = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            kind = .mappingStart(anchor: YAMLEvent.text(raw.data.mapping_start.anchor))
        case YAML_MAPPING_END_EVENT:
            kind = .mappingEnd
        default:
            // YAML_STREAM_END_EVENT, and YAML_NO_EVENT, which libyaml only gives after an error it has reported.
            kind = .streamEnd
        }
    }

    /// Converts a libyaml mark (0-based line and column) to a 1-based location: the one conversion in SpecKit.
    static func location(of mark: yaml_mark_t, file: FileName) -> SourceLocation {
        SourceLocation(fileName: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    /// The full form of `!!str`; other explicit tags are ignored and the scalar keeps its text and style.
    private static let stringTag: [UInt8] = Array("tag:yaml.org,2002:str".utf8)

    private static func isStringTag(_ tag: UnsafeMutablePointer<yaml_char_t>?) -> Bool {
        guard let tag else { return false }
        for (offset, byte) in stringTag.enumerated() where tag[offset] != byte { return false }
        return tag[stringTag.count] == 0
    }
}
