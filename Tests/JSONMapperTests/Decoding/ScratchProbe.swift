import Foundation
import Testing
@testable import JSONMapper

struct ScratchProbeTests {
    struct P: JSONMappable { var name = ""; var age = 0; static let jsonMapping = JSONMapping<P> { Map(\.name, "name"); Map(\.age, "age") } }
    struct S: JSONMappable { var a = P(); var b = P(); static let jsonMapping = JSONMapping<S> { Map(\.a, "u"); Map(\.b, "u") } }
    struct G: JSONMappable { var grid: [[[Int]]] = []; static let jsonMapping = JSONMapping<G> { Map(\.grid, "grid") } }
    struct R: JSONMappable { var id = 0; var name = ""; static let jsonMapping = JSONMapping<R> { Map(\.id, "id", required: true); Map(\.name, "name") } }
    @Test func probe() throws {
        let r = try? JSONMapper.decodeReportingIssues(S.self, from: Array(#"{"u":{"age":"x"}}"#.utf8), options: DecodingOptions(invalidValuePolicy: .collect))
        print("PROBE collect fanout:", r?.issues ?? [])
        do { _ = try JSONMapper.decode(G.self, from: #"{"grid":[[[1]]]}"#, options: DecodingOptions(maxDepth: 3)) } catch { print("PROBE depth:", error) }
        do { _ = try JSONMapper.decode([[Int]].self, from: "[[1],[[2]]]", options: DecodingOptions(maxDepth: 2)) } catch { print("PROBE depth2:", error) }
        var rr = R(); rr.id = 5
        do { try rr.update(fromJSON: #"{"name":"x"}"#); print("PROBE update ok", rr.id, rr.name) } catch { print("PROBE update:", error) }
        do { _ = try JSONMapper.decode(Int.self, from: "[1,]") } catch { print("PROBE syntax wins:", error) }
        do { _ = try JSONMapper.decode([Int].self, from: "[[1],{\"a\":1}]") } catch { print("PROBE cm:", error) }
    }
}
