import Testing

@testable import Proactive

/// The engine's Chinese for a Simplified locale uses the mainland's words, not only its
/// characters.
@Suite struct SimplifiedWordingTests {
    @Test(arguments: [
        ("開啟過 3 次", "打开过 3 次"), ("你昨天用 Mail 傳訊息或打電話給 Alice", "你昨天用 Mail 发消息或打电话给 Alice"),
        ("取得前往台北的路線", "获取前往台北的路线"), ("沒有已宣告的導航 App：請開啟網址", "没有已声明的导航 App：请打开网址"),
        ("叫車前往台北", "打车前往台北"), ("距離 200 公尺", "距离 200 米"), ("播放「歌」", "播放“歌”"),
        ("plain", "plain"),
    ])
    func mainlandWords(traditional: String, simplified: String) {
        #expect(Wording.simplified(traditional) == simplified)
    }
}
