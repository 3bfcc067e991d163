/// Links the entities of one syntax into a graph, the way JSON-LD does with `@id`, and writes out
/// the top-level entities.
///
/// - Entities with the same identifier (`@id`, `itemid`, RDFa `resource`) are one node: their types
///   and properties are merged into the first.
/// - A URL value equal to a known identifier (a JSON-LD `{"@id": …}` reference, a microdata
///   `<link itemprop href>` to an `itemid`, an RDFa `href` to a `resource`) becomes that entity.
/// - An entity that another refers to is written nested there, not again at the top level (unless
///   it is only reachable through a reference cycle); a cycle ends in a URL of the identifier.
/// - Entities without types or properties are left out. References that fan out (a node named by
///   several properties, or several names of one property, at every level) stay small: at most
///   ``maximumExpansions`` entities are written per syntax, and at most ``maximumOutputSize`` (about
///   the size of their JSON: ``nodeCost`` per entity, ``valueCost`` plus its length per value).
///   Beyond that an entity is written as the URL of its identifier, or left out.
struct EntityGraph {
    /// The most entities written out for one syntax of one page.
    static let maximumExpansions = 100_000
    /// The output cost of one entity, and of one value besides its UTF-8 length.
    static let nodeCost = 32
    static let valueCost = 16

    let resolve: (String) -> String
    let maximumDepth: Int
    /// The most output written for one syntax of one page, in ``nodeCost`` and ``valueCost`` units.
    let maximumOutputSize: Int
    private var canonical: [ObjectIdentifier: EntityBuilder] = [:]
    private var byID: [String: EntityBuilder] = [:]

    /// - Parameter pageSize: The page's size in bytes: the output may be four times as large, plus
    ///   64 KiB, so that it stays proportional to the page however its references fan out.
    init(resolve: @escaping (String) -> String, maximumDepth: Int, pageSize: Int) {
        self.resolve = resolve
        self.maximumDepth = maximumDepth
        self.maximumOutputSize = 4 * pageSize + 65_536
    }

    /// What is left of the output limits while entities are written.
    private struct Budget {
        var entities: Int
        var size: Int
        var isAvailable: Bool { entities > 0 && size > 0 }
    }

    /// The finished top-level entities for `roots` (in document order).
    mutating func entities(roots: [EntityBuilder]) -> [SchemaEntity] {
        // Every builder, found without recursion, and merged by identifier.
        var all: [EntityBuilder] = []
        var found: Set<ObjectIdentifier> = []
        var stack = Array(roots.reversed())
        while let builder = stack.popLast() {
            guard found.insert(ObjectIdentifier(builder)).inserted else { continue }
            all.append(builder)
            for (_, value) in builder.properties.reversed() {
                if case .entity(let nested) = value { stack.append(nested) }
            }
        }
        for builder in all {
            guard let id = builder.id.map(resolve), !id.isEmpty else { continue }
            if let first = byID[id] {
                canonical[ObjectIdentifier(builder)] = first
                for type in builder.types where !first.types.contains(type) { first.types.append(type) }
                first.properties.append(contentsOf: builder.properties)
            } else {
                byID[id] = builder
            }
        }
        var hasIncoming: Set<ObjectIdentifier> = []
        for builder in all where canonical[ObjectIdentifier(builder)] == nil {
            for (_, value) in builder.properties {
                if let next = target(of: value), next !== builder {
                    hasIncoming.insert(ObjectIdentifier(next))
                }
            }
        }
        // Roots nobody refers to, then any root left out only because of a reference cycle.
        var reached: Set<ObjectIdentifier> = []
        var chosen: [EntityBuilder] = []
        var candidates: [EntityBuilder] = []
        var seenCandidates: Set<ObjectIdentifier> = []
        for root in roots {
            let node = canonical[ObjectIdentifier(root)] ?? root
            if seenCandidates.insert(ObjectIdentifier(node)).inserted { candidates.append(node) }
        }
        func choose(_ root: EntityBuilder) {
            chosen.append(root)
            var pending = [root]
            while let node = pending.popLast() {
                guard reached.insert(ObjectIdentifier(node)).inserted else { continue }
                for (_, value) in node.properties { if let next = target(of: value) { pending.append(next) } }
            }
        }
        for root in candidates where !hasIncoming.contains(ObjectIdentifier(root)) {
            if !reached.contains(ObjectIdentifier(root)) { choose(root) }
        }
        for root in candidates where !reached.contains(ObjectIdentifier(root)) { choose(root) }

        var budget = Budget(entities: Self.maximumExpansions, size: maximumOutputSize)
        var path: [ObjectIdentifier] = []
        return chosen.compactMap { root in
            guard !root.types.isEmpty || !root.properties.isEmpty else { return nil }
            return entity(root, path: &path, budget: &budget)
        }
    }

    /// The entity a value stands for: a nested builder (merged by identifier) or a URL naming one.
    private func target(of value: EntityBuilder.Value) -> EntityBuilder? {
        switch value {
        case .entity(let builder): canonical[ObjectIdentifier(builder)] ?? builder
        case .url(let url): byID[resolve(url)]
        case .text: nil
        }
    }

    private func entity(_ builder: EntityBuilder, path: inout [ObjectIdentifier], budget: inout Budget)
        -> SchemaEntity
    {
        budget.entities -= 1
        budget.size -= Self.nodeCost
        path.append(ObjectIdentifier(builder))
        defer { path.removeLast() }
        var result = SchemaEntity(types: builder.types, id: builder.id.map(resolve), source: builder.source)
        for (name, value) in builder.properties {
            let finished: SchemaValue
            if let target = target(of: value) {
                if target.types.isEmpty && target.properties.isEmpty {
                    guard let id = target.id else { continue }
                    finished = .url(resolve(id))
                } else if budget.isAvailable, path.count < maximumDepth,
                    !path.contains(ObjectIdentifier(target))
                {
                    finished = .entity(entity(target, path: &path, budget: &budget))
                } else if let id = target.id {
                    finished = .url(resolve(id))
                } else {
                    continue
                }
            } else {
                switch value {
                case .text(let text): finished = .text(text)
                case .url(let url): finished = .url(resolve(url))
                case .entity: continue
                }
            }
            switch finished {
            case .text(let text), .url(let text): budget.size -= Self.valueCost + text.utf8.count
            case .entity: budget.size -= Self.valueCost
            }
            result.properties[name, default: []].append(finished)
        }
        return result
    }
}
