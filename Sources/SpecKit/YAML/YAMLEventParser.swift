internal import CYAML

/// Owns a libyaml `yaml_parser_t` and hands its events, one at a time, to a closure (the loader's `YAMLDocumentBuilder`).
///
/// libyaml reads straight from `input` without copying it, so the caller must keep that buffer alive for the
/// parser's whole life; `YAMLLoader` creates and drops the parser inside one `withUnsafeBufferPointer`.
final class YAMLEventParser {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let placeholder = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    let input: UnsafeBufferPointer<UInt8>
    let file: String

    /// Creates a parser over UTF-8 bytes, or nil when libyaml cannot allocate its state.
    init?(input: UnsafeBufferPointer<UInt8>, file: String) {
        parser = .allocate(capacity: 1)
        guard yaml_parser_initialize(parser) != 0 else {
            parser.deallocate()
            placeholder.deallocate()
            return nil
        }
        self.input = input
        self.file = file
        // An empty buffer may have no base address, and libyaml asserts on a null input even of length 0.
        yaml_parser_set_input_string(parser, input.baseAddress ?? UnsafePointer(placeholder), input.count)
        // The encoding is left for libyaml to detect (the loader has already refused anything but UTF-8): when it
        // is set explicitly, libyaml keeps a UTF-8 byte order mark as a character and counts it as a column.
    }

    deinit {
        yaml_parser_delete(parser)
        parser.deallocate()
        placeholder.deallocate()
    }

    /// Hands every event to `body` until the stream ends or `body` returns false; a libyaml error is thrown as a
    /// located diagnostic. For `YAMLLoader`, and for readers that want the events' start and end marks (`YAMLSpans`).
    func forEachEvent(_ body: (UnsafePointer<yaml_event_t>) throws(DiagnosticError) -> Bool) throws(DiagnosticError) {
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(parser, &event) != 0 else {
                throw DiagnosticError([syntaxDiagnostic()])
            }
            defer { yaml_event_delete(&event) }
            guard try body(&event), event.type != YAML_STREAM_END_EVENT else { return }
        }
    }

    /// libyaml's error state, as it stands after a failed `yaml_parser_parse`.
    var error: (problem: String, context: String?, problemLocation: SourceLocation,
                contextLocation: SourceLocation?, offset: Int?) {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "libyaml gave no reason"
        switch state.error {
        case YAML_READER_ERROR:
            let location = SourceBytes.location(ofByte: state.problem_offset, in: input, file: file)
            return (problem, nil, location, nil, state.problem_offset)
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            let context = state.context.map { String(cString: $0) }
            return (problem, context, YAMLDocumentBuilder.location(of: state.problem_mark, file: file),
                    context == nil ? nil : YAMLDocumentBuilder.location(of: state.context_mark, file: file), nil)
        case YAML_MEMORY_ERROR:
            return ("libyaml ran out of memory", nil, .file(file), nil, nil)
        default:
            return (problem, nil, .file(file), nil, nil)
        }
    }
}
