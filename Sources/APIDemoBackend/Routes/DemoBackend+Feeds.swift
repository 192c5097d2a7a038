import Hummingbird

/// RSS 2.0 and Atom feeds, with CDATA, `content:encoded` and CJK text.
extension DemoBackend {
    static func addFeedRoutes(to router: Router<DemoRequestContext>) {
        router.get("/feeds/rss") { _, _ -> Response in
            .text(rssFeed, contentType: "application/rss+xml; charset=utf-8")
        }
        router.get("/feeds/atom") { _, _ -> Response in
            .text(atomFeed, contentType: "application/atom+xml; charset=utf-8")
        }
    }

    static let rssFeed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" \
        xmlns:dc="http://purl.org/dc/elements/1.1/">
          <channel>
            <title>apiexplore 演示博客</title>
            <link>https://blog.example.cn/</link>
            <description>Notes on APIs &amp; envelopes</description>
            <language>zh-CN</language>
            <item>
              <title>信封模式：code / msg / data</title>
              <link>https://blog.example.cn/posts/envelopes</link>
              <guid isPermaLink="false">post-1001</guid>
              <dc:creator>张伟</dc:creator>
              <pubDate>Fri, 20 Nov 2026 08:00:00 +0800</pubDate>
              <description><![CDATA[<p>Why <b>HTTP 200</b> can still be a failure.</p>]]></description>
              <content:encoded><![CDATA[<h1>信封</h1><p>code 为 0 表示成功 &mdash; otherwise read <code>msg</code>.</p>]]></content:encoded>
            </item>
            <item>
              <title>Pagination with Link headers</title>
              <link>https://blog.example.cn/posts/link-headers</link>
              <guid isPermaLink="false">post-1002</guid>
              <dc:creator>Ada Lovelace</dc:creator>
              <pubDate>Thu, 19 Nov 2026 18:30:00 +0000</pubDate>
              <description>rel=&quot;next&quot; until there is none</description>
            </item>
          </channel>
        </rss>
        """

    static let atomFeed = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom">
          <title>apiexplore 更新日志</title>
          <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
          <updated>2026-11-20T12:00:00Z</updated>
          <link href="https://blog.example.cn/atom" rel="self"/>
          <author><name>李娜</name></author>
          <entry>
            <title type="text">0.1.0 发布</title>
            <id>urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a</id>
            <updated>2026-11-20T12:00:00Z</updated>
            <link href="https://blog.example.cn/releases/0.1.0"/>
            <summary type="html"><![CDATA[First release: <em>JSON</em>, XML and envelopes.]]></summary>
          </entry>
          <entry>
            <title type="text">Transport hazards</title>
            <id>urn:uuid:1225c695-cfb8-4ebb-bbbb-80da344efa6b</id>
            <updated>2026-11-18T08:00:00Z</updated>
            <link href="https://blog.example.cn/posts/hazards"/>
            <summary>Slow, truncated and reset connections.</summary>
          </entry>
        </feed>
        """
}
