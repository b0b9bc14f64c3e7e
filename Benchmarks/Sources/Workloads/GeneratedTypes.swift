import ReMVVMStore

// Workloads that need a thousand distinct types (action types for `act1000`, view-model types
// for `factory`) build them at run time as nested generic types: each bit of a number wraps
// the type built so far in `Zero<_>` or `One<_>`, so every number gets its own metadata.

enum Zero<Inner> {}
enum One<Inner> {}

/// A generated action type.
struct Numbered<Inner>: StoreAction {}

/// A generated view-model type.
@MainActor
final class NumberedViewModel<Inner> {}

/// Receives one generated type.
@MainActor
protocol GeneratedTypeVisitor {
    mutating func visit<Inner>(_ inner: Inner.Type)
}

/// Calls `visitor` with a distinct generated type for each number in `0..<count`.
@MainActor
func visitGeneratedTypes(count: Int, visitor: inout some GeneratedTypeVisitor) {
    let bits = max(1, Int.bitWidth - (count - 1).leadingZeroBitCount)
    for number in 0..<count {
        wrap(Void.self, number: number, bit: 0, bits: bits, visitor: &visitor)
    }
}

@MainActor
private func wrap<Inner>(
    _ inner: Inner.Type,
    number: Int,
    bit: Int,
    bits: Int,
    visitor: inout some GeneratedTypeVisitor
) {
    if bit == bits {
        visitor.visit(inner)
    } else if (number >> bit) & 1 == 0 {
        wrap(Zero<Inner>.self, number: number, bit: bit + 1, bits: bits, visitor: &visitor)
    } else {
        wrap(One<Inner>.self, number: number, bit: bit + 1, bits: bits, visitor: &visitor)
    }
}

/// Registers a reducer for each generated action type.
struct ReducerRegistrar: GeneratedTypeVisitor {
    let store: Store<AppState>

    func visit<Inner>(_ inner: Inner.Type) {
        store.register(reducer: TaggedReducer<Numbered<Inner>>.self)
    }
}

/// Adds a closure factory for each generated view-model type.
struct FactoryRegistrar: GeneratedTypeVisitor {
    let factory: CompositeViewModelFactory

    func visit<Inner>(_ inner: Inner.Type) {
        factory.add { NumberedViewModel<Inner>() }
    }
}
