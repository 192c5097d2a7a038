import APIClient
import Testing

@Suite("YAMLScalars: comments show hidden characters as escapes")
struct YAMLScalarsCommentTests {
    @Test func hiddenCharactersAreEscapedNotDropped() {
        #expect(
            YAMLScalars.comment("esc \u{1B}[31m\u{2028}bidi \u{202E}x\ttab\nsecond", indent: "  ")
                == [#"  # esc \u001b[31m\u2028bidi \u202ex\u0009tab"#, "  # second"])
        #expect(YAMLScalars.comment("", indent: "") == ["#"])
    }
}
