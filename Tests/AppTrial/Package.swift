// swift-tools-version: 6.0
// The app developer's side of issue 52's trial: a package that depends on Netspec by path, as an
// app under development does, holding the code such an app writes around its calls (a view model,
// a polling loop, catch clauses, per-call options). AppTrialTests in the main package type-checks
// every .swift file of Sources/AppTrial against the built Netspec modules, and checks that this
// manifest loads (`swift package dump-package`), so a form that stops compiling fails the tests.
import PackageDescription

let package = Package(
    name: "AppTrial",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        // A path dependency's identity is its directory's name (this checkout's, whatever it is);
        // `name:` gives it the name the product below is found by.
        .package(name: "Netspec", path: "../.."),
    ],
    targets: [
        .target(name: "AppTrial", dependencies: [.product(name: "Netspec", package: "Netspec")]),
    ]
)
