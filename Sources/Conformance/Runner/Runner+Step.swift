import SpecKit

extension Runner {
    /// Performs one step on a live fixture and compares what the table expects after it, cell by cell: every expected
    /// observation, then the step's exact effects (a multiset) when it names them. A failing check of a value the core
    /// ships with carries that mark (`CellResult.ships`). `error` is set, and `cells` empty,
    /// when the fixture could not perform the step at all. The runner's cases and the exploration's tours both check
    /// each step through this one function, so they compare the same way.
    public static func perform(_ step: TestStep, on fixture: any Fixture) -> (cells: [CellResult], error: String?) {
        let effects: [Effect]
        do {
            effects = try fixture.perform(step.action)
        } catch {
            return ([], "the fixture could not perform \(step.action): \(error.message)")
        }
        var cells: [CellResult] = []
        cells.reserveCapacity(step.expect.count + 1)
        for expected in step.expect {
            do {
                let actual = try fixture.observe(expected.name)
                let ok = agree(expected.value, actual)
                // A value the core ships with that disagrees is named as such: the row holds the product's value.
                let ships = ok ? nil : type(of: fixture).vocabulary.shippedValues[expected.name]
                cells.append(CellResult(name: expected.name, expected: .value(expected.value), actual: .value(actual),
                                        ok: ok, ships: ships))
            } catch {
                cells.append(CellResult(name: expected.name, expected: .value(expected.value), actual: .error(error.message), ok: false))
            }
        }
        if let expectedEffects = step.effects {
            let ok = effectsAgree(expected: expectedEffects, actual: effects)
            cells.append(CellResult(name: "effects", expected: .effects(expectedEffects), actual: .emitted(effects), ok: ok))
        }
        return (cells, nil)
    }
}
