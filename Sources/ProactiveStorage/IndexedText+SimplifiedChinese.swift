import ProactiveText

extension IndexedText {
    /// The text with its Traditional Chinese characters in their Simplified form
    /// (``SimplifiedChinese``), as the index form writes them now; `nil` when it has none to
    /// fold. The stores' migrations fold text indexed before with it.
    package var foldingTraditionalChinese: IndexedText? {
        let folded = IndexedText(
            title: title.map(SimplifiedChinese.fold), keywords: keywords.map(SimplifiedChinese.fold),
            description: description.map(SimplifiedChinese.fold), address: address.map(SimplifiedChinese.fold)
        )
        return folded == self ? nil : folded
    }
}
