import Foundation

/// Archives of the repository unpacked into a folder under `.build/` that every test process
/// running at the same time can read (the real documents of `RealDocuments` and of
/// `EscapeHatchCommandTests`).
///
/// The folder is named by a fingerprint of the archives (every file of the source folder: its
/// name, size and modification time) and of the unpacking script: `BASE-0123456789abcdef`. A
/// process whose folder is there uses it as it is. Otherwise it unpacks into a folder of its
/// own (`….part-PID-RANDOM`) and puts it in place with rename(2), which does not replace a folder
/// another process put there first (that one is then used, and this one's removed): no process
/// ever removes or replaces a folder another may be reading.
///
/// A process holds a shared flock(2) on the folder it reads until it exits. The folders of other
/// fingerprints (older archives or scripts) are removed only when nothing holds theirs (an
/// exclusive lock taken without waiting; the folder renamed away before it is removed, so a
/// process that opened it just before sees it gone and unpacks anew), and so are the `.part-PID`
/// and `.trash-PID` folders of processes no longer running. The folders of the layout before
/// fingerprints (`BASE` itself) are left alone: a test binary built before may still read them.
public enum UnpackedArchives {
    /// The folder holding the archives of `source` unpacked by `script` (run by `/bin/sh` with the
    /// source folder as `$1` and the folder to fill as `$2`, which it makes), named after `base`.
    ///
    /// - Throws: when the script fails (its status and standard error) or the folder cannot be put in place.
    public static func folder(from source: String, into base: String, script: String) async throws -> String {
        let folder = base + "-" + (try fingerprint(of: source, script: script))
        while true {
            if await ChildProcess.blocking({ holdShared(folder) }) { break }
            // Of this process's and this call's: two calls of one process may unpack at once too.
            let part = folder + ".part-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            let result = try await ChildProcess.run("/bin/sh", ["-c", "set -e; rm -rf \"$2\"\n" + script, "unpack", source, part])
            guard result.status == 0 else {
                try? FileManager.default.removeItem(atPath: part)
                throw Failure(description: "unpacking \(source) into \(part) ended with status \(result.status): \(result.stderr)")
            }
            // ENOTEMPTY or EEXIST: another process put its folder there first, which is then used.
            if rename(part, folder) != 0 {
                let error = errno
                try? FileManager.default.removeItem(atPath: part)
                guard error == ENOTEMPTY || error == EEXIST else {
                    throw Failure(description: "renaming \(part) to \(folder): \(String(cString: strerror(error)))")
                }
            }
        }
        await ChildProcess.blocking { removeStale(besides: folder, base: base) }
        return folder
    }

    /// Why the archives could not be unpacked.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// A shared lock on `folder` held until the process exits, if the folder is there: `false` when
    /// it is not (or was renamed away by a cleaner between its opening and the lock).
    static func holdShared(_ folder: String) -> Bool {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        var opened = stat(), now = stat()
        guard flock(descriptor, LOCK_SH) == 0, fstat(descriptor, &opened) == 0, stat(folder, &now) == 0,
              opened.st_dev == now.st_dev, opened.st_ino == now.st_ino
        else {
            close(descriptor)
            return false
        }
        // Never closed: the lock says "being read" to other processes' cleaning until this one exits.
        return true
    }

    /// Removes the other fingerprints' folders nobody reads and the leftovers of ended processes.
    static func removeStale(besides folder: String, base: String) {
        let directory = (base as NSString).deletingLastPathComponent
        let prefix = (base as NSString).lastPathComponent + "-"
        let own = (folder as NSString).lastPathComponent
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) && name != own {
            let path = directory + "/" + name
            let rest = name.dropFirst(prefix.count)
            if rest.count == 16, rest.allSatisfy(\.isHexDigit) {
                removeUnread(path)
            } else if let dot = rest.firstIndex(of: "."), rest[..<dot].count == 16,
                      case let kind = rest[dot...].dropFirst().split(separator: "-"), kind.count >= 2,
                      kind[0] == "part" || kind[0] == "trash", let pid = pid_t(kind[1]),
                      kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }

    /// Removes the folder `path` if no process holds a lock on it.
    static func removeUnread(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return }
        let trash = path + ".trash-\(getpid())"
        guard rename(path, trash) == 0 else { return }
        try? FileManager.default.removeItem(atPath: trash)
    }

    /// 16 hex digits of FNV-1a over the script and each file of `source`'s name, size and modification time.
    static func fingerprint(of source: String, script: String) throws -> String {
        var text = script
        for name in try FileManager.default.contentsOfDirectory(atPath: source).sorted() {
            let attributes = try FileManager.default.attributesOfItem(atPath: source + "/" + name)
            let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            text += "\n\(name) \(size) \(modified)"
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
