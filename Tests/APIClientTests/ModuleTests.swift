import APIClient
import APIDemoBackend
import Testing

@Test func modulesLink() {
    #expect(APIClientModule.version == DemoBackendModule.version)
}
