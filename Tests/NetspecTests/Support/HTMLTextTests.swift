import Testing

import Netspec
import NetspecModel

/// HTML descriptions (Stripe's) as text: tags out, paragraphs, line breaks and list items as
/// line breaks and bullets, character references decoded, `<code>` and links as their text;
/// angle brackets that are not HTML's tags, and Markdown's line breaks, as written.
@Suite struct HTMLTextTests {
    @Test(arguments: [
        ("Plain text, left\nas it is.", "Plain text, left\nas it is."),
        ("<p>Creates a new customer object.</p>", "Creates a new customer object."),
        ("<p>One\nparagraph,   folded.</p><p>Another, with a <code>status=open</code> and <a href=\"/docs/api\">a link</a>.</p>",
         "One paragraph, folded.\n\nAnother, with a status=open and a link."),
        ("<p>Either:</p>\n<ul>\n<li>this;</li>\n<li>or <strong>that</strong>.</li>\n</ul>\n<p>Done.</p>", "Either:\n\n- this;\n- or that.\n\nDone."),
        ("<ol><li>first</li><li>second<ul><li>inner</li></ul></li></ol>", "1. first\n2. second\n  - inner"),
        ("creation. <br><br>By default, a line<br/>break.", "creation.\n\nBy default, a line\nbreak."),
        ("A &amp; B &lt;tag&gt; &quot;q&quot; &#39;s&#39; &#x2019; &nbsp;x &unknown; Q&A", "A & B <tag> \"q\" 's' ’  x &unknown; Q&A"),
        ("Authorization: Basic <base64 hash of `api_key:`>", "Authorization: Basic <base64 hash of `api_key:`>"),
        ("<currency>100</currency> is <code>amount</code>", "<currency>100</currency> is amount"),
        ("Markdown with `code`,\n- a list\n- kept, and <code>inline</code> HTML", "Markdown with `code`,\n- a list\n- kept, and inline HTML"),
        ("<pre>  keep\n    this</pre><p>after</p>", "  keep\n    this\n\nafter"),
    ])
    func rendersAsText(_ html: String, _ text: String) {
        #expect(HTMLText.plain(html) == text)
    }

    /// Stripe's `PostCreditNotes`: paragraphs, `<code>`, a list.
    @Test func stripesDescriptions() async throws {
        let spec = try await RealDocuments.load("stripe/spec3.yaml")
        // Stripe writes no summaries: the description is the endpoint's summary.
        let details = try #require(spec.endpoint(named: "PostCreditNotes")?.summary)
        #expect(HTMLText.plain(details) == """
            Issue a credit note to adjust the amount of a finalized invoice. For a status=open invoice, a credit note reduces its amount_due. For a status=paid invoice, a credit note does not affect its amount_due. Instead, it can result in any combination of the following:

            - Refund: create a new refund (using refund_amount) or link an existing refund (using refund).
            - Customer balance credit: credit the customer’s balance (using credit_amount) which will be automatically applied to their next invoice when it’s finalized.
            - Outside of Stripe credit: record the amount that is or will be credited outside of Stripe (using out_of_band_amount).

            For post-payment credit notes the sum of the refund, credit and outside of Stripe amounts must equal the credit note total.

            You may issue multiple credit notes for an invoice. Each credit note will increment the invoice’s pre_payment_credit_notes_amount or post_payment_credit_notes_amount depending on its status at the time of credit note creation.
            """)
        // No description of Stripe's keeps a tag of HTML's.
        let texts = spec.endpoints.flatMap { [$0.summary, $0.details] + $0.parameters.map(\.summary) }.compactMap { $0 }.map(HTMLText.plain)
        for tag in ["<p>", "</p>", "<code>", "<li>", "<ul>", "<br>", "<a href", "&amp;"] {
            #expect(!texts.contains { $0.contains(tag) }, "\(tag)")
        }
    }
}
