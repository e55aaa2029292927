/// Ready-made handlers for ``TestServer``, and building blocks to make more.
///
/// Handlers without parameters are static constants (`TestHandlers.echo`); the others are
/// static functions that return a ``TestHandler``.
public enum TestHandlers {}
