import APIImport
import Testing

/// Command lines in the style of public API documentation, written for these tests: the hosts and
/// shapes are real, the ids, keys and tokens are made up.
struct CurlExample: CustomTestStringConvertible, Sendable {
    let name: String
    let line: String
    let method: String
    let url: String
    let headers: [CurlHeader]
    let body: String?
    var testDescription: String { name }

    init(
        _ name: String, _ line: String, _ method: String, _ url: String, headers: [(String, String)] = [],
        body: String? = nil
    ) {
        self.name = name
        self.line = line
        self.method = method
        self.url = url
        self.headers = headers.map { CurlHeader(name: $0.0, value: $0.1) }
        self.body = body
    }

    static let all: [CurlExample] = [
        CurlExample(
            "Stripe create charge",
            """
            curl https://api.stripe.com/v1/charges \\
              -u sk_test_FAKEKEYFORTESTS0000: \\
              -d amount=2000 \\
              -d currency=usd \\
              -d source=tok_visa \\
              -d "description=My first test charge"
            """,
            "POST", "https://api.stripe.com/v1/charges",
            body: "amount=2000&currency=usd&source=tok_visa&description=My first test charge"),
        CurlExample(
            "Stripe list customers with -G",
            "curl -G https://api.stripe.com/v1/customers -u sk_test_FAKEKEYFORTESTS0000: -d limit=3 -d email=ada%40example.com",
            "GET", "https://api.stripe.com/v1/customers?limit=3&email=ada%40example.com"),
        CurlExample(
            "GitHub list issues",
            """
            curl -L \\
              -H "Accept: application/vnd.github+json" \\
              -H "Authorization: Bearer <YOUR-TOKEN>" \\
              -H "X-GitHub-Api-Version: 2022-11-28" \\
              https://api.github.com/repos/octo-org/hello-world/issues?state=open
            """,
            "GET", "https://api.github.com/repos/octo-org/hello-world/issues?state=open",
            headers: [
                ("Accept", "application/vnd.github+json"), ("Authorization", "Bearer <YOUR-TOKEN>"),
                ("X-GitHub-Api-Version", "2022-11-28"),
            ]),
        CurlExample(
            "GitHub create issue with an apostrophe",
            """
            curl -L -X POST https://api.github.com/repos/octo-org/hello-world/issues \\
              -H "Authorization: Bearer $GITHUB_TOKEN" \\
              -d '{"title":"Found a bug","body":"I'\\''m having a problem.","labels":["bug"]}'
            """,
            "POST", "https://api.github.com/repos/octo-org/hello-world/issues",
            headers: [("Authorization", "Bearer $GITHUB_TOKEN")],
            body: #"{"title":"Found a bug","body":"I'm having a problem.","labels":["bug"]}"#),
        CurlExample(
            "Slack post message",
            """
            curl -X POST -H 'Authorization: Bearer xoxb-0000-fake' \\
            -H 'Content-type: application/json; charset=utf-8' \\
            --data '{"channel":"C0FAKE123","text":"Hello world :tada:"}' \\
            https://slack.com/api/chat.postMessage
            """,
            "POST", "https://slack.com/api/chat.postMessage",
            headers: [("Authorization", "Bearer xoxb-0000-fake"), ("Content-type", "application/json; charset=utf-8")],
            body: #"{"channel":"C0FAKE123","text":"Hello world :tada:"}"#),
        CurlExample(
            "Twilio send SMS with --data-urlencode",
            """
            curl -X POST "https://api.twilio.com/2010-04-01/Accounts/$TWILIO_ACCOUNT_SID/Messages.json" \\
            --data-urlencode "Body=Hi there & welcome" \\
            --data-urlencode "From=+15557122661" \\
            --data-urlencode "To=+15558675310" \\
            -u $TWILIO_ACCOUNT_SID:$TWILIO_AUTH_TOKEN
            """,
            "POST", "https://api.twilio.com/2010-04-01/Accounts/$TWILIO_ACCOUNT_SID/Messages.json",
            body: "Body=Hi%20there%20%26%20welcome&From=%2B15557122661&To=%2B15558675310"),
        CurlExample(
            "SendGrid mail send with long options",
            """
            curl --request POST \\
              --url https://api.sendgrid.com/v3/mail/send \\
              --header "Authorization: Bearer $SENDGRID_API_KEY" \\
              --header 'Content-Type: application/json' \\
              --data '{"personalizations":[{"to":[{"email":"ada@example.com"}]}],"from":{"email":"no-reply@example.com"},"subject":"Hi"}'
            """,
            "POST", "https://api.sendgrid.com/v3/mail/send",
            headers: [("Authorization", "Bearer $SENDGRID_API_KEY"), ("Content-Type", "application/json")],
            body:
                #"{"personalizations":[{"to":[{"email":"ada@example.com"}]}],"from":{"email":"no-reply@example.com"},"subject":"Hi"}"#
        ),
        CurlExample(
            "OpenAI chat completion",
            """
            curl https://api.openai.com/v1/chat/completions \\
              -H "Content-Type: application/json" \\
              -H "Authorization: Bearer $OPENAI_API_KEY" \\
              -d '{
                "model": "gpt-4o-mini",
                "messages": [{"role": "user", "content": "Say hi"}]
              }'
            """,
            "POST", "https://api.openai.com/v1/chat/completions",
            headers: [("Content-Type", "application/json"), ("Authorization", "Bearer $OPENAI_API_KEY")],
            body: """
                {
                    "model": "gpt-4o-mini",
                    "messages": [{"role": "user", "content": "Say hi"}]
                  }
                """),
        CurlExample(
            "OpenAI file upload form",
            """
            curl https://api.openai.com/v1/files \\
              -H "Authorization: Bearer $OPENAI_API_KEY" \\
              -F purpose="fine-tune" \\
              -F file="@training.jsonl"
            """,
            "POST", "https://api.openai.com/v1/files", headers: [("Authorization", "Bearer $OPENAI_API_KEY")]),
        CurlExample(
            "Mailgun send with --user and forms",
            """
            curl -s --user 'api:key-0000fake' \\
                https://api.mailgun.net/v3/mg.example.com/messages \\
                -F from='Excited User <mailgun@mg.example.com>' \\
                -F to=ada@example.com \\
                -F subject='Hello' \\
                -F text='Testing some Mailgun awesomeness!'
            """,
            "POST", "https://api.mailgun.net/v3/mg.example.com/messages"),
        CurlExample(
            "Cloudflare list DNS records with key headers",
            """
            curl https://api.cloudflare.com/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/dns_records?type=A \\
                -H 'Content-Type: application/json' \\
                -H "X-Auth-Email: $CLOUDFLARE_EMAIL" \\
                -H "X-Auth-Key: $CLOUDFLARE_API_KEY"
            """,
            "GET", "https://api.cloudflare.com/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/dns_records?type=A",
            headers: [
                ("Content-Type", "application/json"), ("X-Auth-Email", "$CLOUDFLARE_EMAIL"),
                ("X-Auth-Key", "$CLOUDFLARE_API_KEY"),
            ]),
        CurlExample(
            "DigitalOcean create droplet",
            """
            curl -X POST -H "Content-Type: application/json" \\
                -H "Authorization: Bearer $TOKEN" \\
                -d '{"name":"example.com","region":"nyc3","size":"s-1vcpu-1gb","image":"ubuntu-24-04-x64"}' \\
                "https://api.digitalocean.com/v2/droplets"
            """,
            "POST", "https://api.digitalocean.com/v2/droplets",
            headers: [("Content-Type", "application/json"), ("Authorization", "Bearer $TOKEN")],
            body: #"{"name":"example.com","region":"nyc3","size":"s-1vcpu-1gb","image":"ubuntu-24-04-x64"}"#),
        CurlExample(
            "Shopify products with access token header",
            """
            curl -X GET "https://dev-store.myshopify.com/admin/api/2024-01/products.json?limit=5" \\
              -H "X-Shopify-Access-Token: {access_token}"
            """,
            "GET", "https://dev-store.myshopify.com/admin/api/2024-01/products.json?limit=5",
            headers: [("X-Shopify-Access-Token", "{access_token}")]),
        CurlExample(
            "Discord bot message with --data-raw",
            """
            curl -X POST https://discord.com/api/v10/channels/1234567890/messages \\
              -H "Authorization: Bot FAKE.BOT.TOKEN" -H "Content-Type: application/json" \\
              --data-raw '{"content":"Hello, World!"}'
            """,
            "POST", "https://discord.com/api/v10/channels/1234567890/messages",
            headers: [("Authorization", "Bot FAKE.BOT.TOKEN"), ("Content-Type", "application/json")],
            body: #"{"content":"Hello, World!"}"#),
        CurlExample(
            "Notion update page with spliced quotes",
            """
            curl -X PATCH 'https://api.notion.com/v1/pages/b55c9c91-384d-452b-81db-d1ef79372b75' \\
              -H 'Authorization: Bearer '"$NOTION_API_KEY"'' \\
              -H "Content-Type: application/json" \\
              -H "Notion-Version: 2022-06-28" \\
              --data '{"properties":{"In stock":{"checkbox":true}}}'
            """,
            "PATCH", "https://api.notion.com/v1/pages/b55c9c91-384d-452b-81db-d1ef79372b75",
            headers: [
                ("Authorization", "Bearer $NOTION_API_KEY"), ("Content-Type", "application/json"),
                ("Notion-Version", "2022-06-28"),
            ],
            body: #"{"properties":{"In stock":{"checkbox":true}}}"#),
        CurlExample(
            "Algolia query with --data-binary",
            """
            curl -X POST \\
                 -H "X-Algolia-API-Key: ${API_KEY}" \\
                 -H "X-Algolia-Application-Id: ${APPLICATION_ID}" \\
                 --data-binary '{"params":"query=phone&hitsPerPage=2"}' \\
                 "https://${APPLICATION_ID}-dsn.algolia.net/1/indexes/products/query"
            """,
            "POST", "https://${APPLICATION_ID}-dsn.algolia.net/1/indexes/products/query",
            headers: [("X-Algolia-API-Key", "${API_KEY}"), ("X-Algolia-Application-Id", "${APPLICATION_ID}")],
            body: #"{"params":"query=phone&hitsPerPage=2"}"#),
        CurlExample(
            "Elasticsearch index a document, scheme-less",
            #"curl -XPUT "localhost:9200/customer/_doc/1?pretty" -H 'Content-Type: application/json' -d'{"name": "John Doe"}'"#,
            "PUT", "http://localhost:9200/customer/_doc/1?pretty", headers: [("Content-Type", "application/json")],
            body: #"{"name": "John Doe"}"#),
        CurlExample(
            "Elasticsearch search with a GET body",
            """
            curl -X GET "localhost:9200/_search?pretty" -H 'Content-Type: application/json' -d'
            {
              "query": { "match_all": {} }
            }
            '
            """,
            "GET", "http://localhost:9200/_search?pretty", headers: [("Content-Type", "application/json")],
            body: "\n{\n  \"query\": { \"match_all\": {} }\n}\n"),
        CurlExample(
            "Telegram sendMessage",
            #"curl -X POST "https://api.telegram.org/bot123456789:AAFakeTokenForTestsOnly_abcdefghij/sendMessage" -d "chat_id=42&text=Hello""#,
            "POST", "https://api.telegram.org/bot123456789:AAFakeTokenForTestsOnly_abcdefghij/sendMessage",
            body: "chat_id=42&text=Hello"),
        CurlExample("HEAD with -I", "curl -I https://example.com/health", "HEAD", "https://example.com/health"),
        CurlExample(
            "flag cluster, --compressed and -o", "curl -sSL --compressed https://api.example.com/v1/feed -o feed.json",
            "GET", "https://api.example.com/v1/feed"),
        CurlExample(
            "--json sets both headers", #"curl --json '{"tool":"curl"}' https://api.example.com/v1/tools"#, "POST",
            "https://api.example.com/v1/tools",
            headers: [("Content-Type", "application/json"), ("Accept", "application/json")], body: #"{"tool":"curl"}"#),
        CurlExample(
            "shorthand headers",
            "curl --oauth2-bearer abc123 -A 'apiexplore-test/1.0' -e https://app.example.com/ -b 'session=xyz; theme=dark' https://api.example.com/me",
            "GET", "https://api.example.com/me",
            headers: [
                ("Authorization", "Bearer abc123"), ("User-Agent", "apiexplore-test/1.0"),
                ("Referer", "https://app.example.com/"), ("Cookie", "session=xyz; theme=dark"),
            ]),
        CurlExample(
            "prompt, continuation, -k and --header=",
            "$ curl -k \\\n  --header='X-Trace: on' \\\n  https://10.0.0.5:8443/status",
            "GET", "https://10.0.0.5:8443/status", headers: [("X-Trace", "on")]),
        CurlExample(
            "curl.exe on Windows",
            #"curl.exe -X DELETE https://api.example.com/v1/items/42 -H "Authorization: Bearer t0k3n""#,
            "DELETE", "https://api.example.com/v1/items/42", headers: [("Authorization", "Bearer t0k3n")]),
        CurlExample(
            "Mailchimp with anystring user",
            #"curl -X GET 'https://us21.api.mailchimp.com/3.0/lists?fields=lists.id,lists.name&count=10' --user "anystring:${MAILCHIMP_KEY}""#,
            "GET", "https://us21.api.mailchimp.com/3.0/lists?fields=lists.id,lists.name&count=10"),
        CurlExample(
            "pipe to jq", "curl -s https://api.github.com/users/octocat | jq .login", "GET",
            "https://api.github.com/users/octocat"),
        CurlExample(
            "-XPOST -d@file",
            "curl -XPOST -d@body.json -H 'Content-Type: application/json' https://api.example.com/v1/imports",
            "POST", "https://api.example.com/v1/imports", headers: [("Content-Type", "application/json")]),
        CurlExample(
            "-T uploads with PUT", "curl -T report.csv https://uploads.example.com/v1/reports/report.csv", "PUT",
            "https://uploads.example.com/v1/reports/report.csv"),
        CurlExample(
            "X API search with --request GET",
            #"curl --request GET 'https://api.x.com/2/tweets/search/recent?query=from:apiexplore' --header "Authorization: Bearer $BEARER_TOKEN""#,
            "GET", "https://api.x.com/2/tweets/search/recent?query=from:apiexplore",
            headers: [("Authorization", "Bearer $BEARER_TOKEN")]),
        CurlExample(
            "retry, max-time, write-out and fail are ignored",
            #"curl --fail --retry 3 --max-time 10 -w '%{http_code}\n' -o /dev/null https://status.example.com/ping"#,
            "GET", "https://status.example.com/ping"),
    ]
}
