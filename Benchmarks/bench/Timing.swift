import Foundation

/// How long to warm up and how many interleaved rounds to time.
struct TimingPlan {
    /// Minimum warm-up time per contender (at least `warmupIterations` runs are done anyway).
    var warmupSeconds: Double
    var warmupIterations = 1
    /// Target time for the timed rounds of one file, all contenders together (scaled by the
    /// file's weight).
    var secondsPerFile: Double
    var minRounds: Int
    var maxRounds = 2_000
    /// A fixed number of rounds, overriding the time target (`--rounds`).
    var fixedRounds: Int?

    static let standard = TimingPlan(warmupSeconds: 0.05, secondsPerFile: 4.5, minRounds: 6)
    static let quick = TimingPlan(warmupSeconds: 0.03, secondsPerFile: 1.5, minRounds: 3)
}

/// Per-iteration wall times, in seconds, of each contender of one file, all from the same
/// interleaved rounds: `seconds[c][r]` is contender `c` in round `r`.
struct Measurement {
    let contenders: [Contender]
    let seconds: [[Double]]
    var rounds: Int { seconds.first?.count ?? 0 }
}

/// The monotonic clock every time is read from.
private let clock = ContinuousClock()

extension Duration {
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) * 1e-18
    }
}

/// Time of one run, in seconds.
@inline(never)
func timeOnce(_ run: Run) throws -> Double {
    let start = clock.now
    try run()
    return (clock.now - start).seconds
}

/// Warms every contender up, then runs interleaved rounds (A B C, B C A, C A B, …: each round
/// starts one contender later, so no contender always follows the same one) so that slow phases
/// of the machine hit all contenders alike. The number of rounds is chosen from the warm-up times
/// to fill `plan.secondsPerFile × weight`, within `plan.minRounds ... plan.maxRounds`.
func measure(_ contenders: [Contender], _ runs: [Run], plan: TimingPlan, weight: Double,
             progress: (String) -> Void = { _ in }) throws -> Measurement {
    var estimate = 0.0
    for run in runs {
        var times: [Double] = []
        let start = clock.now
        while times.count < plan.warmupIterations || (clock.now - start).seconds < plan.warmupSeconds {
            times.append(try timeOnce(run))
        }
        estimate += Stats(times).median
    }
    let rounds = plan.fixedRounds
        ?? min(plan.maxRounds, max(plan.minRounds, Int(plan.secondsPerFile * weight / max(estimate, 1e-9))))
    progress("\(rounds) rounds of \(runs.count) (≈ \(String(format: "%.1f", estimate * Double(rounds))) s)")

    var seconds = Array(repeating: [Double](), count: runs.count)
    for index in seconds.indices { seconds[index].reserveCapacity(rounds) }
    for round in 0..<rounds {
        for offset in runs.indices {
            let index = (round + offset) % runs.count
            seconds[index].append(try timeOnce(runs[index]))
        }
    }
    return Measurement(contenders: contenders, seconds: seconds)
}

/// Order statistics of a sample: median, quartiles (linear interpolation), extremes.
struct Stats {
    let count: Int
    let min: Double, p25: Double, median: Double, p75: Double, max: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        precondition(!sorted.isEmpty, "no samples")
        func quantile(_ q: Double) -> Double {
            let position = q * Double(sorted.count - 1)
            let lower = Int(position.rounded(.down))
            let upper = Swift.min(lower + 1, sorted.count - 1)
            return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
        }
        count = sorted.count
        min = sorted[0]
        p25 = quantile(0.25)
        median = quantile(0.5)
        p75 = quantile(0.75)
        max = sorted[sorted.count - 1]
    }
}

/// Throughput of each timed run, in MB/s (1 MB = 10^6 bytes of input).
func throughputs(bytes: Int, seconds: [Double]) -> [Double] {
    seconds.map { Double(bytes) / 1e6 / $0 }
}
