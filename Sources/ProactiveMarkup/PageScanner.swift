internal import CLibXML2

/// One walk over a parsed HTML document that gathers everything extraction needs: the title, the
/// `<meta>` tags, the JSON-LD blocks, and the microdata and RDFa entities.
final class PageScanner {
    /// The RDFa evaluation context handed from an element to its children.
    struct RDFaContext {
        var vocabulary: String?
        var prefixes: [String: String] = [:]
        var subject: EntityBuilder?
        /// A `rel` without an object on an ancestor, completed by the next new subject below it.
        var hanging: (subject: EntityBuilder, names: [String])?
    }

    /// A `<meta>` tag.
    struct Meta {
        var name: String?
        var property: String?
        var content: String
    }

    let maximumDepth: Int
    let maximumTextLength: Int
    private(set) var title: String?
    private(set) var metas: [Meta] = []
    private(set) var baseHref: String?
    private(set) var jsonLDBlocks: [[UInt8]] = []
    private(set) var microdataRoots: [EntityBuilder] = []
    var rdfaRoots: [EntityBuilder] = []
    /// Every builder made for the page: they may refer to each other in cycles, which
    /// ``releaseBuilders()`` breaks once the entities are written.
    private(set) var builders: [EntityBuilder] = []
    private(set) var exceededDepth = false
    private var elementsByID: [String: xmlNodePtr] = [:]
    private var pendingItemReferences: [(item: EntityBuilder, element: xmlNodePtr, ids: [String])] = []
    /// How many `itemref` subtrees may still be walked (a guard against reference loops).
    private var itemReferenceBudget = 1024
    /// Items with `itemprop` outside any item, kept as top-level items unless an `itemref` claims them.
    private var orphanItems: [(item: EntityBuilder, element: xmlNodePtr)] = []
    /// The elements walked through `itemref`.
    private var referencedElements: Set<xmlNodePtr> = []

    init(maximumDepth: Int, maximumTextLength: Int) {
        self.maximumDepth = maximumDepth
        self.maximumTextLength = maximumTextLength
    }

    /// Walks the document from its root element.
    func scan(_ root: xmlNodePtr) {
        walk(root, depth: 0, item: nil, rdfa: RDFaContext())
        resolveItemReferences()
        applyRDFaPatterns()
        let claimed = Set(
            orphanItems.filter { referencedElements.contains($0.element) }.map { ObjectIdentifier($0.item) })
        if !claimed.isEmpty { microdataRoots.removeAll { claimed.contains(ObjectIdentifier($0)) } }
    }

    private func walk(_ node: xmlNodePtr, depth: Int, item: EntityBuilder?, rdfa: RDFaContext) {
        guard depth < maximumDepth else {
            exceededDepth = true
            return
        }
        let tag = node.pointee.name.map { String(cString: $0) } ?? ""
        let attributes = ElementAttributes(node)
        if let id = attributes.id, elementsByID[id] == nil { elementsByID[id] = node }

        switch tag {
        case "script":
            if let type = attributes.type, type.lowercased().contains("ld+json") {
                jsonLDBlocks.append(rawText(of: node))
            }
            return
        case "style", "template":
            return
        case "title" where title == nil:
            title = HTMLText.collapsingWhitespace(textContent(of: node))
        case "meta":
            if let content = attributes.content, attributes.name != nil || attributes.property != nil {
                metas.append(Meta(name: attributes.name, property: attributes.property, content: content))
            }
        case "base" where baseHref == nil:
            baseHref = attributes.href
        default:
            break
        }

        let childItem = microdata(node, tag: tag, attributes: attributes, item: item)
        let childContext = self.rdfa(node, tag: tag, attributes: attributes, context: rdfa)

        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                walk(current, depth: depth + 1, item: childItem, rdfa: childContext)
            }
            child = current.pointee.next
        }
    }

    // MARK: Microdata

    /// Applies the microdata attributes of an element; returns the item its children belong to.
    private func microdata(
        _ node: xmlNodePtr, tag: String, attributes: ElementAttributes, item: EntityBuilder?
    ) -> EntityBuilder? {
        let names = attributes.itemprop.map { HTMLText.tokens($0).map(SchemaVocabulary.shortName) } ?? []
        if attributes.itemscope {
            let types = attributes.itemtype.map { HTMLText.tokens($0).map(SchemaVocabulary.shortName) } ?? []
            let newItem = makeBuilder(types: types, id: attributes.itemid, source: .microdata)
            if let ids = attributes.itemref.map(HTMLText.tokens), !ids.isEmpty {
                pendingItemReferences.append((newItem, node, ids))
            }
            if let item, !names.isEmpty {
                item.add(.entity(newItem), for: names)
            } else {
                // An item with `itemprop` but no enclosing item is not a property of anything; it is read
                // as a top-level item (as search engines do) rather than lost.
                microdataRoots.append(newItem)
                if !names.isEmpty { orphanItems.append((newItem, node)) }
            }
            return newItem
        }
        if let item, !names.isEmpty {
            item.add(microdataValue(node, tag: tag, attributes: attributes), for: names)
        }
        return item
    }

    /// The value of a non-item `itemprop` element, by the microdata rules for its element.
    private func microdataValue(_ node: xmlNodePtr, tag: String, attributes: ElementAttributes)
        -> EntityBuilder.Value
    {
        switch tag {
        case "meta":
            return .text(HTMLText.collapsingWhitespace(attributes.content ?? ""))
        case "audio", "embed", "iframe", "img", "source", "track", "video":
            return .url(attributes.src?.trimmed ?? "")
        case "a", "area", "link":
            return .url(attributes.href?.trimmed ?? "")
        case "object":
            return .url(attributes.data?.trimmed ?? "")
        case "data", "meter":
            return .text(HTMLText.collapsingWhitespace(attributes.value ?? ""))
        case "time" where attributes.datetime != nil:
            return .text(HTMLText.collapsingWhitespace(attributes.datetime ?? ""))
        default:
            // `content` on other elements is not in the microdata specification, but schema.org's
            // own examples and many pages use it to give a machine-readable value.
            if let content = attributes.content { return .text(HTMLText.collapsingWhitespace(content)) }
            return .text(HTMLText.collapsingWhitespace(textContent(of: node)))
        }
    }

    /// Adds the properties found under the elements named by each item's `itemref`.
    private func resolveItemReferences() {
        var index = 0
        while index < pendingItemReferences.count {
            let (item, element, ids) = pendingItemReferences[index]
            index += 1
            for id in ids {
                guard let target = elementsByID[id], itemReferenceBudget > 0,
                    !isAncestor(target, of: element), target != element
                else { continue }
                itemReferenceBudget -= 1
                walkReferenced(target, depth: 0, item: item)
            }
        }
    }

    /// Walks an `itemref` target for microdata only.
    private func walkReferenced(_ node: xmlNodePtr, depth: Int, item: EntityBuilder) {
        guard depth < maximumDepth else {
            exceededDepth = true
            return
        }
        let tag = node.pointee.name.map { String(cString: $0) } ?? ""
        if tag == "script" || tag == "style" || tag == "template" { return }
        let attributes = ElementAttributes(node)
        referencedElements.insert(node)
        let wasRoots = microdataRoots.count
        let childItem = microdata(node, tag: tag, attributes: attributes, item: item)
        // A top-level item inside a referenced subtree was already found by the main walk.
        if microdataRoots.count > wasRoots { microdataRoots.removeLast(microdataRoots.count - wasRoots) }
        guard let childItem else { return }
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                walkReferenced(current, depth: depth + 1, item: childItem)
            }
            child = current.pointee.next
        }
    }

    private func isAncestor(_ candidate: xmlNodePtr, of node: xmlNodePtr) -> Bool {
        var parent = node.pointee.parent
        while let current = parent {
            if current == candidate { return true }
            parent = current.pointee.parent
        }
        return false
    }

    // MARK: Text

    /// The text content of an element's subtree, at most ``maximumTextLength`` bytes, walked without
    /// recursion.
    func textContent(of node: xmlNodePtr) -> String {
        var bytes: [UInt8] = []
        var current: xmlNodePtr? = node.pointee.children
        while let visiting = current, bytes.count < maximumTextLength {
            let type = visiting.pointee.type
            if type == XML_TEXT_NODE || type == XML_CDATA_SECTION_NODE, let content = visiting.pointee.content
            {
                var pointer = content
                while pointer.pointee != 0 && bytes.count < maximumTextLength {
                    bytes.append(pointer.pointee)
                    pointer += 1
                }
            }
            if type == XML_ELEMENT_NODE, let children = visiting.pointee.children {
                current = children
                continue
            }
            // Next sibling, or the next sibling of the nearest ancestor that has one, up to `node`.
            var climbing: xmlNodePtr? = visiting
            current = nil
            while let step = climbing, step != node {
                if let next = step.pointee.next {
                    current = next
                    break
                }
                climbing = step.pointee.parent
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The raw bytes of a `<script>` element's text.
    private func rawText(of node: xmlNodePtr) -> [UInt8] {
        var bytes: [UInt8] = []
        var child = node.pointee.children
        while let current = child {
            if let content = current.pointee.content {
                var pointer = content
                while pointer.pointee != 0 {
                    bytes.append(pointer.pointee)
                    pointer += 1
                }
            }
            child = current.pointee.next
        }
        return bytes
    }
}

extension String {
    /// The string without leading and trailing white space.
    var trimmed: String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
        else {
            return ""
        }
        return String(self[first...last])
    }
}

extension PageScanner {
    /// A new builder, remembered in ``builders``.
    func makeBuilder(types: [String], id: String?, source: MarkupSyntax) -> EntityBuilder {
        let builder = EntityBuilder(types: types, id: id, source: source)
        builders.append(builder)
        return builder
    }
}
