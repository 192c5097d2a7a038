import Testing

@testable import APIClient

/// The byte-by-byte snake case of ASCII names says what the character-by-character one says.
struct CredentialFieldNamesTests {
    @Test(arguments: [
        "accessToken", "Access-Token", "ACCESS_TOKEN", "access token", "token", "x1Y", "a9B", "__a__", "-",
        "", "aB cD-eF_gH", "a\r\nB", "tab\tKey", "id", "index", "URLValue", "~`!@#{}", "ÄccessToken",
        "To\u{212A}en", "clé", "snowman☃Key",
    ])
    func snakeCaseAgreesWithCharacters(_ name: String) {
        #expect(CredentialFieldNames.snakeCase(name) == CredentialFieldNames.snakeCaseByCharacter(name))
    }
}
