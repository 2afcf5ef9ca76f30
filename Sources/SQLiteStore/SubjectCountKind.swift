/// What a row of `subject_counts` counts: the writer moves these counts, the reader sorts them back
/// into sets, choices and lists.
enum SubjectCountKind: String {
    case set, choice, list
}
