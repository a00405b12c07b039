import MeetupRender
import MeetupSupport

/// The kept texts' file is where the render reads them from (`EventArtefactStore`,
/// `EventArtefactSpill`); the render itself sees only the `TextSource`.
extension ReadOnlyFile: TextSource {}
