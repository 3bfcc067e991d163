import ProactiveText
import Testing

@Suite struct SimplifiedChineseTests {
    @Test(arguments: [
        ("餐廳", "餐厅"), ("臺灣", "台湾"), ("頭髮", "头发"), ("發現", "发现"), ("電腦門", "电脑门"),
        ("餐厅", "餐厅"), ("東京タワー", "东京タワー"), ("서울", "서울"), ("Café 國", "Café 国"), ("", ""),
    ])
    func foldsTraditionalCharacters(input: String, expected: String) {
        #expect(SimplifiedChinese.fold(input) == expected)
    }

    /// Folding twice is folding once, and no character folds to one outside the CJK blocks.
    @Test func foldingIsIdempotent() {
        var folded = 0
        for value in UInt32(0x3400)...0x9FFF {
            let scalar = Unicode.Scalar(value)!
            let once = SimplifiedChinese.fold(scalar)
            #expect(SimplifiedChinese.fold(once) == once)
            if once != scalar {
                folded += 1
                #expect(Script.isUnsegmented(once))
            }
        }
        #expect(folded == 2_852)
    }

    @Test func theIndexAndQueriesFoldTraditionalToSimplified() {
        #expect(IndexText.indexForm("紅燒牛肉麵") == IndexText.indexForm("红烧牛肉面"))
        #expect(IndexText.indexForm("餐廳") == " 餐 餐厅 厅 ")
        #expect(IndexText.queryTerms("餐廳") == IndexText.queryTerms("餐厅"))
        #expect(IndexText.queryTerms("廳") == [SearchTerm("厅", isPrefix: false)])
        // Text without Chinese is not copied.
        #expect(SimplifiedChinese.fold("plain") == "plain")
    }
}
