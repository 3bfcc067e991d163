internal import CLibXML2

extension PageScanner {
    /// The RDF `type` predicate, which some pages use as `rel="rdf:type"`.
    private static let rdfType = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"

    /// Applies the RDFa Lite attributes of an element (plus `rel` and `about` from RDFa Core);
    /// returns the context for its children.
    func rdfa(_ node: xmlNodePtr, tag: String, attributes: ElementAttributes, context parent: RDFaContext)
        -> RDFaContext
    {
        guard
            attributes.vocab != nil || attributes.prefix != nil || attributes.typeof != nil
                || attributes.property != nil || attributes.resource != nil || attributes.about != nil
                || attributes.rel != nil || attributes.rev != nil
        else { return parent }

        var context = parent
        if let vocabulary = attributes.vocab {
            let trimmed = vocabulary.trimmed
            context.vocabulary = trimmed.isEmpty ? nil : trimmed
        }
        if let declaration = attributes.prefix {
            let tokens = HTMLText.tokens(declaration)
            var index = 0
            while index + 1 < tokens.count {
                if tokens[index].hasSuffix(":") {
                    context.prefixes[String(tokens[index].dropLast())] = tokens[index + 1]
                    index += 2
                } else {
                    index += 1
                }
            }
        }
        let resolve = { (term: String) in
            SchemaVocabulary.resolve(term, vocabulary: context.vocabulary, prefixes: context.prefixes)
        }
        let properties = attributes.property.map { HTMLText.tokens($0).map(resolve) } ?? []
        let types = attributes.typeof.map { HTMLText.tokens($0).map(resolve) }
        let relations = attributes.rel.map { HTMLText.tokens($0).map(resolve) } ?? []
        let object = attributes.resource ?? attributes.href ?? attributes.src

        // An element with a type starts a new subject: the value of its `property` or `rel` when it
        // has one, completing a hanging `rel` above it, or else a new top-level entity.
        if let types {
            let entity = makeBuilder(types: types, id: attributes.about ?? object, source: .rdfa)
            // `rev` beside `typeof`: the new typed node has the reverse property, whose value is the
            // current subject.
            if let reverse = attributes.rev, let subject = parent.subject {
                entity.add(
                    .entity(subject), for: HTMLText.tokens(reverse).map(resolve).filter { $0 != Self.rdfType }
                )
            }
            if let subject = parent.subject, !properties.isEmpty || !relations.isEmpty {
                subject.add(.entity(entity), for: properties + relations)
            } else if let hanging = parent.hanging {
                hanging.subject.add(.entity(entity), for: hanging.names)
            } else {
                rdfaRoots.append(entity)
            }
            context.subject = entity
            context.hanging = nil
            return context
        }

        if let subject = parent.subject, !properties.isEmpty {
            subject.add(
                rdfaValue(node, tag: tag, attributes: attributes),
                for: properties.filter { $0 != Self.rdfType })
            if properties.contains(Self.rdfType), let type = attributes.resource ?? attributes.content {
                subject.types.append(SchemaVocabulary.shortName(type))
            }
        }

        if let subject = context.subject, !relations.isEmpty, properties.isEmpty {
            let names = relations.filter { $0 != Self.rdfType }
            if relations.contains(Self.rdfType), let object {
                subject.types.append(SchemaVocabulary.shortName(object))
            }
            if let object {
                subject.add(.url(object.trimmed), for: names)
            } else if !names.isEmpty {
                // A hanging rel: its object is a new blank node holding the properties below, unless a
                // typed element below completes it first.
                let blank = makeBuilder(types: [], id: nil, source: .rdfa)
                subject.add(.entity(blank), for: names)
                context.subject = blank
                context.hanging = (subject, names)
                return context
            }
        }

        // `rev` states the reverse relation: the object (`resource`, `href`, `src`) has the property,
        // and its value is the current subject. The object is a node of its own, merged by identifier.
        if let reverse = attributes.rev, let subject = context.subject, let object, !object.trimmed.isEmpty {
            let names = HTMLText.tokens(reverse).map(resolve).filter { $0 != Self.rdfType }
            if !names.isEmpty {
                let other = makeBuilder(types: [], id: object.trimmed, source: .rdfa)
                other.add(.entity(subject), for: names)
                rdfaRoots.append(other)
            }
            if relations.isEmpty && properties.isEmpty { return context }
        }

        // `about` (and `resource` without `property` or `rel`) starts a new untyped subject.
        if properties.isEmpty && relations.isEmpty, let id = attributes.about ?? attributes.resource {
            let entity = makeBuilder(types: [], id: id, source: .rdfa)
            if let hanging = parent.hanging {
                hanging.subject.add(.entity(entity), for: hanging.names)
            } else {
                rdfaRoots.append(entity)
            }
            context.subject = entity
            context.hanging = nil
        }
        return context
    }

    /// The literal or IRI value of an element with `property` and no `typeof` (RDFa 1.1 rules:
    /// `content`, then `resource`/`href`/`src`, then `datetime`, then the text content).
    private func rdfaValue(_ node: xmlNodePtr, tag: String, attributes: ElementAttributes)
        -> EntityBuilder.Value
    {
        if let content = attributes.content { return .text(HTMLText.collapsingWhitespace(content)) }
        if let object = attributes.resource ?? attributes.href ?? attributes.src {
            return .url(object.trimmed)
        }
        if let datetime = attributes.datetime { return .text(HTMLText.collapsingWhitespace(datetime)) }
        if tag == "data" || tag == "meter", let value = attributes.value {
            return .text(HTMLText.collapsingWhitespace(value))
        }
        return .text(HTMLText.collapsingWhitespace(textContent(of: node)))
    }
}
