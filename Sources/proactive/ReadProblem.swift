import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Why a file named on the command line cannot be read, said in a usage error: the path and the
/// reason (no such file, permission denied, a directory), not the path alone.
enum ReadProblem {
    /// "cannot read PATH: REASON".
    static func message(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "cannot read \(path): it is a directory; give the files in it"
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor < 0 else {
            close(descriptor)
            return "cannot read \(path)"
        }
        let reason =
            switch errno {
            case ENOENT: "there is no such file"
            case EACCES, EPERM: "permission denied"
            case ENOTDIR: "a part of the path is not a directory"
            default: String(cString: strerror(errno))
            }
        return "cannot read \(path): \(reason)"
    }
}
