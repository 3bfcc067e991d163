import ProactiveText

extension ReminderMoment {
    /// A piece of a folded utterance: a number, a word, a mark between numbers, or one
    /// Chinese, Japanese or Korean character.
    enum Token: Equatable {
        /// A number as its digits say it (at most 999,999,999), and how many digits it has.
        case number(Int, digits: Int)
        case word(String)
        /// `:`, `.`, `/`, `-` or `,`.
        case mark(Character)
        case cjk(Character)

        /// The tokens of a folded text (``TextFolding/fold(_:)``): runs of digits, runs of
        /// letters, marks, and each unsegmented character alone; spaces, hyphens between words
        /// and other signs separate them.
        static func tokens(_ folded: String) -> [Token] {
            var tokens: [Token] = []
            var digits = ""
            var letters = ""
            func flush() {
                if !digits.isEmpty {
                    tokens.append(.number(Int(digits.prefix(9)) ?? 0, digits: digits.count))
                    if digits.count > 9 {
                        tokens[tokens.count - 1] = .number(999_999_999, digits: digits.count)
                    }
                    digits = ""
                }
                if !letters.isEmpty {
                    tokens.append(.word(letters))
                    letters = ""
                }
            }
            let characters = Array(folded)
            for (index, character) in characters.enumerated() {
                if character.isASCII, character.isNumber {
                    if !letters.isEmpty { flush() }
                    digits.append(character)
                } else if let scalar = character.unicodeScalars.first, Script.isUnsegmented(scalar) {
                    flush()
                    tokens.append(.cjk(character))
                } else if character.isLetter {
                    if !digits.isEmpty { flush() }
                    letters.append(character)
                } else {
                    flush()
                    // A hyphen marks a number ("-5", "2027-04-30"); between words it joins them
                    // ("demi-heure", "après-midi").
                    let next = index + 1 < characters.count ? characters[index + 1] : " "
                    if [":", ".", "/", ","].contains(character) || (character == "-" && next.isNumber) {
                        tokens.append(.mark(character))
                    }
                }
            }
            flush()
            return tokens
        }
    }
}
