import APIClient
import APITerminalUI
import Testing

/// Choosing a theme, and what each theme does with the roles.
@Suite("Themes")
struct ThemeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let flag: String?
        let environment: [String: String]
        let configured: String?
        let expected: Theme
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "default", flag: nil, environment: [:], configured: nil, expected: .dark),
        Case(name: "NO_COLOR", flag: nil, environment: ["NO_COLOR": "1"], configured: nil, expected: .mono),
        Case(name: "empty NO_COLOR", flag: nil, environment: ["NO_COLOR": ""], configured: nil, expected: .dark),
        Case(name: "config", flag: nil, environment: ["NO_COLOR": "1"], configured: "light", expected: .light),
        Case(
            name: "environment over config", flag: nil, environment: ["APIEXPLORE_THEME": "mono"],
            configured: "light", expected: .mono),
        Case(
            name: "flag over all", flag: "Light", environment: ["APIEXPLORE_THEME": "mono", "NO_COLOR": "1"],
            configured: "dark", expected: .light),
        Case(
            name: "empty environment is unset", flag: nil, environment: ["APIEXPLORE_THEME": ""], configured: "light",
            expected: .light),
    ]

    @Test(arguments: cases)
    func resolve(_ testCase: Case) throws {
        let theme = try Theme.resolve(
            flag: testCase.flag, environment: testCase.environment,
            configured: testCase.configured.map { ($0, "/home/u/.config/apiexplore/config.yaml") })
        #expect(theme == testCase.expected)
    }

    @Test(
        arguments: [
            ("sepia", nil, "--theme"), (nil, "sepia", "APIEXPLORE_THEME"),
            (nil, nil, "/home/u/.config/apiexplore/config.yaml"),
        ] as [(String?, String?, String)])
    func unknownThemesSayWhereTheyCameFrom(flag: String?, environment: String?, source: String) {
        #expect {
            try Theme.resolve(
                flag: flag, environment: environment.map { ["APIEXPLORE_THEME": $0] } ?? [:],
                configured: ("sepia", "/home/u/.config/apiexplore/config.yaml"))
        } throws: { error in
            "\(error)" == "unknown theme 'sepia' in \(source); choose dark, light, mono"
        }
    }

    @Test func monoHasNoColoursAndLightNoFadingOnes() {
        for role in ColorRole.allCases {
            let mono = Theme.mono.style(for: role)
            #expect(mono.foreground == nil && mono.background == nil, "\(role)")
            // Yellow and cyan text fade on a white background.
            let light = Theme.light.style(for: role)
            #expect(light.foreground != .yellow && light.foreground != .cyan, "\(role)")
        }
        // Every theme keeps the cursor and failures apart from plain text.
        for theme in Theme.allCases {
            #expect(theme.style(for: .cursor) != theme.style(for: .normal))
            #expect(theme.style(for: .failure) != theme.style(for: .normal))
            #expect(theme.style(for: .match) != theme.style(for: .normal))
        }
    }

    @Test func theConfigurationFileIsReadWithLocations() throws {
        #expect(try UserConfiguration(yaml: "theme: light\n", file: "c.yaml").theme == "light")
        #expect(try UserConfiguration(yaml: "{}", file: "c.yaml").theme == nil)
        #expect {
            try UserConfiguration(yaml: "theme: light\ncolour: red\n", file: "c.yaml")
        } throws: { error in
            "\(error)".contains("c.yaml:2") && "\(error)".contains("unknown key 'colour'")
        }
        #expect {
            try UserConfiguration(yaml: "theme: [dark]\n", file: "c.yaml")
        } throws: { error in
            "\(error)".contains("c.yaml:1") && "\(error)".contains("expected a string")
        }
        #expect(
            UserConfiguration.location(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"])
                == "/x/apiexplore/config.yaml")
        #expect(
            UserConfiguration.location(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"])
                == "/h/.config/apiexplore/config.yaml")
        #expect(UserConfiguration.location(environment: [:]) == nil)
    }
}
