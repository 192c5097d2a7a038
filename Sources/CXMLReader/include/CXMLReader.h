// A narrow C face over libxml2's push parser for APIMapping's XML reader (docs/decisions/0007).
//
// Swift imports only this header: libxml2's own headers pull in ICU's, which clash with the ICU
// module Foundation ships, so they are included by reader.c alone.
#ifndef CXMLREADER_H
#define CXMLREADER_H

/// What the reader calls as the document is parsed; `context` is the pointer given to cx_reader_create.
typedef struct {
    /// A start tag: its name as written, and its attributes as name, value pairs in document order,
    /// ended by a NULL name (NULL when there are none).
    void (*start_element)(void *context, const unsigned char *name, const unsigned char **attributes);
    /// An end tag.
    void (*end_element)(void *context);
    /// Text, entity and character references decoded.
    void (*characters)(void *context, const unsigned char *text, int length);
    /// The text of a CDATA section, or a piece of it: `continues` is 1 when more of the same section
    /// follows in the next call (the push parser hands a long or unfinished section over in pieces).
    void (*cdata)(void *context, const unsigned char *text, int length, int continues);
    /// An error or warning: libxml2's code, level (1 warning, 2 error, 3 fatal), line and column.
    void (*error)(void *context, int code, int level, int line, int column);
} cx_callbacks;

/// One parse in progress.
typedef struct cx_reader cx_reader;

/// A push parser with no network access, no DTD loading and only the predefined entities, names as
/// written (SAX1); NULL when libxml2 cannot make one.
cx_reader *cx_reader_create(const cx_callbacks *callbacks, void *context);

/// Feeds the next bytes; `last` is 1 for the final chunk. Returns libxml2's error code, 0 if none.
int cx_reader_feed(cx_reader *reader, const char *bytes, int length, int last);

/// Stops the parse: later callbacks do not come.
void cx_reader_stop(cx_reader *reader);

/// The current line and column, for errors found by the caller (nesting too deep).
int cx_reader_line(cx_reader *reader);
int cx_reader_column(cx_reader *reader);

/// Whether the document read so far is well-formed.
int cx_reader_well_formed(cx_reader *reader);

/// Frees the parser.
void cx_reader_free(cx_reader *reader);

#endif
