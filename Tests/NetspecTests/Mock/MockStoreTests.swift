import Netspec
@testable import NetspecMock
import NetspecModel
import NetspecTestSupport
import Testing

/// The stateful mock's store (``MockStore``): a create of an id already stored is one look-up
/// under the lock (replaced, or left for the document's 409), and the deleted ids it remembers
/// for the deleted-parent 404s are bounded.
@Suite struct MockStoreTests {
    static let key = MockStore.Key(resource: 0, parents: [])

    @Test func aCreateOfAnIDAlreadyStoredReplacesItInPlaceOrIsTaken() {
        let store = MockStore(seeds: MockStore.State())
        var asked = 0
        let first = store.upsert(["name": "Rex"], id: "1", in: Self.key) { asked += 1; return true }
        let second = store.upsert(["name": "Tom"], id: "2", in: Self.key) { asked += 1; return true }
        #expect([first, second] == [.inserted, .inserted])
        // Whether to replace is asked only of a taken id.
        #expect(asked == 0)
        let replaced = store.upsert(["name": "Max"], id: "1", in: Self.key) { asked += 1; return true }
        let taken = store.upsert(["name": "Bob"], id: "2", in: Self.key) { asked += 1; return false }
        #expect([replaced, taken] == [.replaced, .taken])
        #expect(asked == 2)
        // The replaced item keeps its place in the list; the taken one its value.
        #expect(store.items(in: Self.key) == [["name": "Max"], ["name": "Tom"]])
        // The sequence is past the ids stored.
        #expect(store.nextNumber(resource: 0) == 3)
    }

    @Test func theDeletedIDsRememberedAreBoundedTheOldestForgottenFirst() {
        let store = MockStore(seeds: MockStore.State(), deletionLimit: 3)
        for id in 1...10 { _ = store.upsert(["id": .int(id)], id: String(id), in: Self.key) { false } }
        for id in 1...10 { #expect(store.remove(String(id), in: Self.key)) }
        #expect(store.deletedCount == 3)
        #expect((1...10).filter { store.wasDeleted(String($0), in: Self.key) } == [8, 9, 10])
        // An id created again is forgotten; deleted again, it is the newest.
        _ = store.upsert(["id": 9], id: "9", in: Self.key) { false }
        #expect(store.deletedCount == 2)
        #expect(store.remove("9", in: Self.key))
        _ = store.upsert(["id": 11], id: "11", in: Self.key) { false }
        #expect(store.remove("11", in: Self.key))
        #expect((1...11).filter { store.wasDeleted(String($0), in: Self.key) } == [9, 10, 11])
        // One id created and deleted over and over is remembered once.
        for _ in 0..<1_000 {
            _ = store.upsert(["id": 5], id: "5", in: Self.key) { false }
            _ = store.remove("5", in: Self.key)
        }
        #expect(store.deletedCount == 3)
        #expect(store.wasDeleted("5", in: Self.key))
    }

    @Test func onlyResourcesWithPathsBelowTheirItemsRememberDeletions() {
        let store = MockStore(seeds: MockStore.State(), remembersDeletions: [1])
        let other = MockStore.Key(resource: 1, parents: [])
        _ = store.upsert(["id": 1], id: "1", in: Self.key) { false }
        _ = store.upsert(["id": 1], id: "1", in: other) { false }
        #expect(store.remove("1", in: Self.key) && store.remove("1", in: other))
        #expect(!store.wasDeleted("1", in: Self.key))
        #expect(store.wasDeleted("1", in: other))
        #expect(store.deletedCount == 1)
    }

    /// On the petstore (`/pets/{pet-id}/events` is below a pet): a deleted pet's events are its
    /// 404, a pet never created answers as without `--stateful`, and only the pets remember.
    @Test func theDeletedParent404StillHolds() throws {
        let spec = try Spec.load(path: TestPaths.root + "/specs/petstore.openapi.yaml")
        let stateful = try MockStateful(spec: spec, seedData: nil)
        let create = try #require(spec.endpoint(named: "createPet"))
        let delete = try #require(spec.endpoint(named: "deletePet"))
        let events = try #require(spec.endpoint(named: "petEvents"))
        let created = stateful.answer(
            MockStateful.Received(path: "/pets", pathValues: [:], query: nil, contentType: "application/json", body: Array(#"{"name":"Rex"}"#.utf8)),
            endpoint: create, role: try #require(stateful.role(of: create))
        )
        guard case let .json(201, value?, _) = created, let id = value.object?["id"]?.int else { Issue.record("not created: \(created)"); return }
        #expect(stateful.deletedParent(of: events, pathValues: ["petId": String(id)]) == nil)
        let removed = stateful.answer(
            MockStateful.Received(path: "/pets/\(id)", pathValues: ["petId": String(id)], query: nil, contentType: nil, body: []),
            endpoint: delete, role: try #require(stateful.role(of: delete))
        )
        guard case .json(204, _, _) = removed else { Issue.record("not deleted: \(removed)"); return }
        guard case let .document(404, detail)? = stateful.deletedParent(of: events, pathValues: ["petId": String(id)]) else {
            Issue.record("the deleted pet's events are not a 404"); return
        }
        #expect(detail == "/pets has no item with petId \(id)")
        #expect(stateful.deletedParent(of: events, pathValues: ["petId": "999"]) == nil)
        #expect(stateful.store.deletedCount == 1)
    }
}
