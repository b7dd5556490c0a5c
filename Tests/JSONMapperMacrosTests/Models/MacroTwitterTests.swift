import CorpusModels
import MacroCorpusModels
import Foundation
import JSONMapperMacros
import Testing

/// The bench's twitter.json models declared with `@JSONMappable` (property names through
/// `.snakeCase`) read the whole file exactly as the hand-written mapping does.
@Suite("Macro-declared twitter.json models")
struct MacroTwitterTests {
    @Test func theCorpusFileDecodesToTheSameValues() throws {
        let data = try CorpusFile.twitter.data()
        let macro = try JSONMapDecoder().decode(MacroTwitterTimeline.self, from: data)
        let hand = try JSONMapDecoder().decode(TwitterTimeline.self, from: data)
        #expect(macro.statuses.count == 100)
        #expect(macro.statuses.map(\.idStr) == hand.statuses.map(\.idStr))
        #expect(macro.statuses.map(\.user.screenName) == hand.statuses.map(\.user.screenName))
        #expect(macro.statuses.map(\.retweetedStatus?.user.profileBackgroundImageUrlHttps)
            == hand.statuses.map(\.retweetedStatus?.user.profileBackgroundImageUrlHttps))
        #expect(macro.searchMetadata.maxIdStr == hand.searchMetadata.maxIdStr)
        let sorted = JSONMapEncoder(options: EncodingOptions(sortsKeys: true))
        #expect(try sorted.encode(macro, as: String.self) == sorted.encode(hand, as: String.self))
    }
}
