internal import CLibXML2

/// The attributes of one element that extraction reads, gathered in one pass over the attribute list.
struct ElementAttributes {
    var id: String?
    var content: String?
    var href: String?
    var src: String?
    var data: String?
    var value: String?
    var datetime: String?
    var name: String?
    var itemscope = false
    var itemprop: String?
    var itemtype: String?
    var itemid: String?
    var itemref: String?
    var vocab: String?
    var typeof: String?
    var property: String?
    var resource: String?
    var about: String?
    var prefix: String?
    var rel: String?
    var rev: String?
    var type: String?

    init(_ node: xmlNodePtr) {
        var attribute = node.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            guard let rawName = current.pointee.name else { continue }
            let name = String(cString: rawName)
            switch name {
            case "id": id = Self.value(of: current)
            case "content": content = Self.value(of: current)
            case "href": href = Self.value(of: current)
            case "src": src = Self.value(of: current)
            case "data": data = Self.value(of: current)
            case "value": value = Self.value(of: current)
            case "datetime": datetime = Self.value(of: current)
            case "name": self.name = Self.value(of: current)
            case "itemscope": itemscope = true
            case "itemprop": itemprop = Self.value(of: current)
            case "itemtype": itemtype = Self.value(of: current)
            case "itemid": itemid = Self.value(of: current)
            case "itemref": itemref = Self.value(of: current)
            case "vocab": vocab = Self.value(of: current)
            case "typeof": typeof = Self.value(of: current)
            case "property": property = Self.value(of: current)
            case "resource": resource = Self.value(of: current)
            case "about": about = Self.value(of: current)
            case "prefix": prefix = Self.value(of: current)
            case "rel": rel = Self.value(of: current)
            case "rev": rev = Self.value(of: current)
            case "type": type = Self.value(of: current)
            default: continue
            }
        }
    }

    /// The decoded value of an attribute (libxml2 stores it as child text nodes).
    static func value(of attribute: xmlAttrPtr) -> String {
        guard let first = attribute.pointee.children else { return "" }
        if first.pointee.next == nil {
            return first.pointee.content.map { String(cString: $0) } ?? ""
        }
        var result = ""
        var child: xmlNodePtr? = first
        while let node = child {
            if let content = node.pointee.content { result += String(cString: content) }
            child = node.pointee.next
        }
        return result
    }
}
