import Foundation
import Testing
@testable import SpecKit

/// specs/schema.json is what editors use to complete and check spec files; it must accept exactly the keys the
/// reader accepts, kind by kind, or a product owner's editor would contradict the linter.
@Suite("JSON Schema for editors")
struct SchemaTests {
    static let schemaURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("specs/schema.json")

    func kindSchemas() throws -> [String: [String: Any]] {
        let data = try Data(contentsOf: Self.schemaURL)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let all = try #require(root["allOf"] as? [[String: Any]])
        var result: [String: [String: Any]] = [:]
        for entry in all {
            let condition = try #require(entry["if"] as? [String: Any])
            let kind = try #require(((condition["properties"] as? [String: Any])?["kind"] as? [String: Any])?["const"] as? String)
            result[kind] = try #require(entry["then"] as? [String: Any])
        }
        return result
    }

    @Test("each kind's schema allows exactly the reader's keys and requires the same ones", arguments: Spec.Kind.allCases)
    func keysMatchReader(kind: Spec.Kind) throws {
        let schema = try #require(try kindSchemas()[kind.rawValue])
        let properties = Set(try #require(schema["properties"] as? [String: Any]).keys)
        let (required, optional) = try #require(SpecReader.bodyKeys[kind])
        // The keys the reader itself takes (`keys(…)` is called with these lists), not a copy of them.
        let header = SpecReader.headerKeys
        #expect(properties == Set(header.required + header.optional + required + optional))
        #expect(schema["additionalProperties"] as? Bool == false)
        let schemaRequired = Set(try #require(schema["required"] as? [String]))
        #expect(schemaRequired == Set(header.required + required))
    }
}

/// A machine variable written as a mapping takes `type`, `initial`, `persist` and `notes`, in the schema as in the reader.
@Suite("JSON Schema for machine variables")
struct VariableSchemaTests {
    @Test("a machine variable's mapping allows exactly the reader's keys, persist a boolean")
    func variableKeysMatchReader() throws {
        let machine = try #require(try SchemaTests().kindSchemas()["machine"])
        let variables = try #require((machine["properties"] as? [String: Any])?["variables"] as? [String: Any])
        let forms = try #require((variables["additionalProperties"] as? [String: Any])?["oneOf"] as? [[String: Any]])
        let mapping = try #require(forms.first { $0["type"] as? String == "object" })
        let properties = try #require(mapping["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(["type"] + ReadContext.declarationKeys(allowInitial: true, allowPersist: true)))
        #expect((properties["persist"] as? [String: Any])?["type"] as? String == "boolean")
        #expect(mapping["additionalProperties"] as? Bool == false)
    }
}

/// The product file (`kind: product`) has its own entry in the schema, with exactly the reader's keys.
@Suite("JSON Schema for product files")
struct ProductSchemaTests {
    @Test("the product file's schema allows exactly the reader's keys and requires the same ones")
    func productKeysMatchReader() throws {
        let schema = try #require(try SchemaTests().kindSchemas()["product"])
        let properties = Set(try #require(schema["properties"] as? [String: Any]).keys)
        #expect(properties == Set(SpecReader.productFileKeys.required + SpecReader.productFileKeys.optional))
        #expect(Set(try #require(schema["required"] as? [String])) == Set(SpecReader.productFileKeys.required))
        #expect(schema["additionalProperties"] as? Bool == false)
    }
}

/// A scenario step's schema lists exactly the keys the scenario reader accepts (expect, expect-each, expect-last…).
@Suite("JSON Schema for scenario steps")
struct StepSchemaTests {
    @Test("the step's schema allows exactly the reader's step keys")
    func stepKeysMatchReader() throws {
        let data = try Data(contentsOf: SchemaTests.schemaURL)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let step = try #require((root["definitions"] as? [String: Any])?["step"] as? [String: Any])
        let forms = try #require(step["oneOf"] as? [[String: Any]])
        let mapping = try #require(forms.first { $0["type"] as? String == "object" })
        let properties = Set(try #require(mapping["properties"] as? [String: Any]).keys)
        #expect(properties == Set(ScenarioReader.stepKeys))
    }
}
