import Foundation
#if canImport(Glibc)
import Glibc
#endif
#if os(Linux)
import Synchronization
#endif

// Memory and allocations per contender, measured in a fresh child process per contender
// (`bench --probe FILE OPERATION/LIBRARY`), never in the timing process:
//
// - peak RSS: the high-water mark of resident memory during one cold run, above what the
//   process held just before it (the input is loaded and prepared first — for decode-dictionary
//   contenders that includes the parsed tree). One process per contender because the high-water
//   mark only goes up, and freed heap stays resident for the next contender. Linux: VmHWM in
//   /proc/self/status, reset through /proc/self/clear_refs (the ru_maxrss of a spawned child
//   starts at its parent's peak on Linux, so getrusage is not usable here); elsewhere,
//   getrusage's ru_maxrss growth (an underestimate if an earlier peak hides it).
// - allocations: calls to malloc, calloc, realloc and the aligned allocators during one warm
//   run, on every thread (a record stream's workers and reading thread included), counted
//   through glibc's malloc hooks. glibc ≥ 2.34 honours them only with libc_malloc_debug.so
//   preloaded, which the parent does for the child; the child checks that a known allocation
//   is counted before trusting any count. The hooks cost nothing to timed runs.

/// What one probe child measured.
struct ProbeResult: Codable {
    var peakRSSGrowthBytes: Int?
    var allocations: Int?
    /// Wall-clock seconds of the cold run and of the warm run (with allocations counted when
    /// the malloc debug library is preloaded): a quick look at one contender alone, e.g. how
    /// workers scale, without the interleaved rounds.
    var coldRunSeconds: Double?
    var warmRunSeconds: Double?
    var error: String?
}

/// Where glibc's malloc debug library is, if anywhere.
let mallocDebugLibrary: String? = [
    "/lib/x86_64-linux-gnu/libc_malloc_debug.so.0", "/usr/lib/x86_64-linux-gnu/libc_malloc_debug.so.0",
    "/lib/aarch64-linux-gnu/libc_malloc_debug.so.0", "/usr/lib/aarch64-linux-gnu/libc_malloc_debug.so.0",
    "/lib64/libc_malloc_debug.so.0", "/usr/lib64/libc_malloc_debug.so.0",
].first { FileManager.default.fileExists(atPath: $0) }

/// One contender of one file, measured in a probe child.
struct ProbeJob: Hashable {
    let file: String
    let id: ContenderID
}

/// Runs a probe child for each job, two at a time (the timing is over by then), and returns the
/// results by job. Jobs should come longest first.
func runProbes(_ jobs: [ProbeJob], allowDebug: Bool, progress: (String) -> Void) -> [ProbeJob: ProbeResult] {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var environment = ProcessInfo.processInfo.environment
    if let mallocDebugLibrary { environment["LD_PRELOAD"] = mallocDebugLibrary }
    let parallel = max(1, min(2, ProcessInfo.processInfo.activeProcessorCount))
    let exited = DispatchSemaphore(value: 0)
    var results: [ProbeJob: ProbeResult] = [:]
    var running: [(key: ProbeJob, process: Process, output: Pipe)] = []
    func collect(_ entry: (key: ProbeJob, process: Process, output: Pipe)) {
        let data = entry.output.fileHandleForReading.readDataToEndOfFile()
        let line = data.split(separator: UInt8(ascii: "\n")).last.map { Data($0) } ?? Data()
        if let result = try? JSONDecoder().decode(ProbeResult.self, from: line) {
            results[entry.key] = result
        } else {
            results[entry.key] = ProbeResult(error: "probe exited with status \(entry.process.terminationStatus)")
        }
    }
    /// Waits for any running child to exit and collects it.
    func reap() {
        exited.wait()
        guard let index = running.firstIndex(where: { !$0.process.isRunning }) else { return }
        let entry = running.remove(at: index)
        entry.process.waitUntilExit()
        collect(entry)
    }
    for (number, job) in jobs.enumerated() {
        while running.count >= parallel { reap() }
        if number % 10 == 0 { progress("\(number)/\(jobs.count)") }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--probe", job.file, job.id.description] + (allowDebug ? ["--allow-debug"] : [])
        process.environment = environment
        // Output is one short line, far below a pipe's buffer: reading after exit cannot block.
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
            running.append((job, process, output))
        } catch {
            results[job] = ProbeResult(error: "cannot start probe: \(error)")
        }
    }
    while !running.isEmpty { reap() }
    return results
}

/// The child's side: prepare the contender, measure, print one JSON line, exit.
func probeMain(_ job: ProbeJob) -> Never {
    var result = ProbeResult()
    do {
        guard let entry = corpusEntries().first(where: { $0.file == job.file }) else { throw ProbeError("no file \(job.file)") }
        guard case .success(let suite) = try entry.makeSuite() else { throw ProbeError("\(job.file) is absent") }
        guard let contender = suite.contenders.first(where: { $0.id == job.id }) else { throw ProbeError("no contender \(job.id)") }
        let run = try contender.prepare()
        // Cold run: peak resident memory above the prepared input.
        let before = ResidentMemory.resetPeak()
        let started = Date()
        try run()
        result.coldRunSeconds = Date().timeIntervalSince(started)
        if let before, let peak = ResidentMemory.peak() { result.peakRSSGrowthBytes = max(0, peak - before) }
        // Warm run: allocation calls (for a contender with several threads, only where every
        // thread's are counted).
        if AllocationCounter.works(), (contender.workers ?? 1) == 1 || AllocationCounter.countsEveryThread {
            var failure: Error?
            result.allocations = AllocationCounter.count {
                do { try probeWarmRun(run) } catch { failure = error }
            }
            if let failure { throw failure }
        } else {
            let started = Date()
            try probeWarmRun(run)
            result.warmRunSeconds = Date().timeIntervalSince(started)
        }
    } catch {
        result.error = "\(error)"
    }
    let encoder = JSONEncoder()
    var line = (try? encoder.encode(result)) ?? Data("{}".utf8)
    line.append(UInt8(ascii: "\n"))
    FileHandle.standardOutput.write(line)
    exit(0)
}

/// The warm run, out of line so that a profiler can collect it alone:
/// `LD_PRELOAD=…/libc_malloc_debug.so.0 valgrind --tool=callgrind --collect-atstart=no
/// --toggle-collect='*probeWarmRun*' bench --probe FILE OPERATION/LIBRARY`.
@inline(never)
func probeWarmRun(_ run: Run) throws {
    try run()
}

private struct ProbeError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Resident memory of this process.
enum ResidentMemory {
    /// Resets the high-water mark to the current resident size and returns that size, in bytes.
    static func resetPeak() -> Int? {
        #if os(Linux)
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        if fd >= 0 {
            _ = "5".withCString { write(fd, $0, 1) }
            close(fd)
            return status("VmRSS:")
        }
        #endif
        return maxRSS()
    }

    /// The high-water mark since the last reset, in bytes.
    static func peak() -> Int? {
        #if os(Linux)
        if let hwm = status("VmHWM:") { return hwm }
        #endif
        return maxRSS()
    }

    /// getrusage's ru_maxrss in bytes (kilobytes on Linux, bytes on Darwin).
    static func maxRSS() -> Int? {
        var usage = rusage()
        #if os(Linux)
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return nil }
        return Int(usage.ru_maxrss) * 1024
        #else
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return nil }
        return Int(usage.ru_maxrss)
        #endif
    }

    private static func status(_ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field) {
            let number = line.dropFirst(field.count).trimmingCharacters(in: .whitespaces).split(separator: " ").first
            return number.flatMap { Int($0) }.map { $0 * 1024 }
        }
        return nil
    }
}

/// Counts allocation calls through glibc's (deprecated, compat-only) malloc hooks.
///
/// With glibc ≥ 2.34 only the preloaded debug library calls the hooks, and glibc's own
/// allocator (`__libc_malloc`…) ignores them: a hook counts and calls it directly, so the
/// hooks stay installed and every thread's allocations are counted, into an atomic counter.
/// An older glibc calls the hooks from its own allocator: a hook uninstalls them around its
/// call (glibc's documented pattern), and what other threads allocate meanwhile goes
/// uncounted, so only single-threaded runs are counted there.
enum AllocationCounter {
    typealias MallocHook = @convention(c) (Int, UnsafeRawPointer?) -> UnsafeMutableRawPointer?
    typealias ReallocHook = @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeRawPointer?) -> UnsafeMutableRawPointer?
    typealias MemalignHook = @convention(c) (Int, Int, UnsafeRawPointer?) -> UnsafeMutableRawPointer?

    /// Whether a known allocation is seen (hooks exist and are honoured).
    static func works() -> Bool {
        guard Hooks.ready != nil else { return false }
        let seen = count {
            let pointer = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
            blackHole(pointer)
            pointer.deallocate()
        }
        return seen >= 1
    }

    /// Whether allocations made on other threads while counting are counted too.
    static var countsEveryThread: Bool { Hooks.ready?.libc != nil }

    /// Allocation calls made while `body` runs (on other threads too where
    /// ``countsEveryThread``).
    static func count(_ body: () -> Void) -> Int {
        #if os(Linux)
        guard let hooks = Hooks.ready else { return 0 }
        allocationCalls.store(0, ordering: .relaxed)
        hooks.install()
        body()
        hooks.uninstall()
        return allocationCalls.load(ordering: .relaxed)
        #else
        return 0
        #endif
    }

    /// glibc's own allocator, which does not call the hooks.
    struct LibcAllocator {
        let malloc: @convention(c) (Int) -> UnsafeMutableRawPointer?
        let realloc: @convention(c) (UnsafeMutableRawPointer?, Int) -> UnsafeMutableRawPointer?
        let memalign: @convention(c) (Int, Int) -> UnsafeMutableRawPointer?
    }

    /// The addresses of glibc's hook variables, found with `dlvsym` (they are compat symbols).
    // Sendable: immutable: addresses found once, before any thread allocates through the hooks.
    final class Hooks: @unchecked Sendable {
        let malloc: UnsafeMutablePointer<MallocHook?>
        let realloc: UnsafeMutablePointer<ReallocHook?>
        let memalign: UnsafeMutablePointer<MemalignHook?>
        /// glibc's allocator, when only the debug library calls the hooks; `nil` otherwise.
        let libc: LibcAllocator?

        static let shared: Hooks? = {
            #if os(Linux)
            typealias DLVSym = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>, UnsafePointer<CChar>) -> UnsafeMutableRawPointer?
            guard let address = dlsym(nil, "dlvsym") else { return nil }
            let dlvsym = unsafeBitCast(address, to: DLVSym.self)
            let versions = ["GLIBC_2.2.5", "GLIBC_2.17"]  // x86_64's first symbol version, aarch64's
            func find(_ name: String) -> UnsafeMutableRawPointer? {
                versions.lazy.compactMap { dlvsym(nil, name, $0) }.first
            }
            guard let m = find("__malloc_hook"), let r = find("__realloc_hook"), let a = find("__memalign_hook") else { return nil }
            return Hooks(malloc: m.assumingMemoryBound(to: MallocHook?.self),
                         realloc: r.assumingMemoryBound(to: ReallocHook?.self),
                         memalign: a.assumingMemoryBound(to: MemalignHook?.self), libc: libcAllocator())
            #else
            return nil
            #endif
        }()

        /// ``shared`` once each hook has run uninstalled: a hook must not be the first to use
        /// something the runtime sets up on first use (metadata, which it allocates under its
        /// lock, so that the allocation's hook would wait for itself).
        static let ready: Hooks? = {
            guard let hooks = shared else { return nil }
            let grown = countingRealloc(countingMalloc(16, nil), 32, nil)
            free(grown)
            free(countingMemalign(64, 64, nil))
            hooks.uninstall()
            return hooks
        }()

        private init(malloc: UnsafeMutablePointer<MallocHook?>, realloc: UnsafeMutablePointer<ReallocHook?>,
                     memalign: UnsafeMutablePointer<MemalignHook?>, libc: LibcAllocator?) {
            self.malloc = malloc
            self.realloc = realloc
            self.memalign = memalign
            self.libc = libc
        }

        /// glibc's `__libc_malloc` and friends, looked up in libc itself, when the debug
        /// library is loaded (so glibc ≥ 2.34, whose own allocator ignores the hooks).
        private static func libcAllocator() -> LibcAllocator? {
            #if os(Linux)
            guard dlopen("libc_malloc_debug.so.0", RTLD_NOW | RTLD_NOLOAD) != nil,
                  let libc = dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD),
                  let m = dlsym(libc, "__libc_malloc"), let r = dlsym(libc, "__libc_realloc"),
                  let a = dlsym(libc, "__libc_memalign") else { return nil }
            return LibcAllocator(malloc: unsafeBitCast(m, to: (@convention(c) (Int) -> UnsafeMutableRawPointer?).self),
                                 realloc: unsafeBitCast(r, to: (@convention(c) (UnsafeMutableRawPointer?, Int) -> UnsafeMutableRawPointer?).self),
                                 memalign: unsafeBitCast(a, to: (@convention(c) (Int, Int) -> UnsafeMutableRawPointer?).self))
            #else
            return nil
            #endif
        }

        func install() {
            malloc.pointee = countingMalloc
            realloc.pointee = countingRealloc
            memalign.pointee = countingMemalign
        }

        func uninstall() {
            malloc.pointee = nil
            realloc.pointee = nil
            memalign.pointee = nil
        }
    }
}

#if os(Linux)
/// Allocation calls counted since the last ``AllocationCounter/count(_:)`` started.
private let allocationCalls = Atomic<Int>(0)
#endif

// The hooks: count, then allocate with glibc's allocator, directly or, where it calls the hooks
// itself, with them uninstalled around the call. Plain code only (see `Hooks.ready`).

private let countingMalloc: AllocationCounter.MallocHook = { size, _ in
    countAllocation()
    let hooks = AllocationCounter.Hooks.shared.unsafelyUnwrapped
    if let libc = hooks.libc { return libc.malloc(size) }
    hooks.uninstall()
    defer { hooks.install() }
    return malloc(size)
}

private let countingRealloc: AllocationCounter.ReallocHook = { pointer, size, _ in
    countAllocation()
    let hooks = AllocationCounter.Hooks.shared.unsafelyUnwrapped
    if let libc = hooks.libc { return libc.realloc(pointer, size) }
    hooks.uninstall()
    defer { hooks.install() }
    return realloc(pointer, size)
}

private let countingMemalign: AllocationCounter.MemalignHook = { alignment, size, _ in
    countAllocation()
    let hooks = AllocationCounter.Hooks.shared.unsafelyUnwrapped
    if let libc = hooks.libc { return libc.memalign(alignment, size) }
    hooks.uninstall()
    defer { hooks.install() }
    var pointer: UnsafeMutableRawPointer?
    return posix_memalign(&pointer, max(alignment, MemoryLayout<UnsafeRawPointer>.size), size) == 0 ? pointer : nil
}

@inline(__always)
private func countAllocation() {
    #if os(Linux)
    allocationCalls.add(1, ordering: .relaxed)
    #endif
}
