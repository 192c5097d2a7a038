#include "CXMLReader.h"

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct cx_reader {
    cx_callbacks callbacks;
    void *context;
    xmlParserCtxtPtr parser;
};

static void start_element(void *data, const xmlChar *name, const xmlChar **attributes) {
    cx_reader *reader = data;
    reader->callbacks.start_element(reader->context, name, attributes);
}

static void end_element(void *data, const xmlChar *name) {
    (void)name;
    cx_reader *reader = data;
    reader->callbacks.end_element(reader->context);
}

static void characters(void *data, const xmlChar *text, int length) {
    cx_reader *reader = data;
    reader->callbacks.characters(reader->context, text, length);
}

static void cdata(void *data, const xmlChar *text, int length) {
    cx_reader *reader = data;
    // The push parser passes a section's text where it lies in its input buffer: the last piece
    // is followed by the section's "]]>", an earlier piece (at most 300 bytes, given once 302 are
    // in the buffer without a "]]>") by more of the section, then at worst the NUL that ends
    // every libxml2 buffer, so the comparison stays inside it. An empty section comes as a
    // static "" of length 0.
    int continues = length > 0 && memcmp(text + length, "]]>", 3) != 0;
    reader->callbacks.cdata(reader->context, text, length, continues);
}

static void structured_error(void *data, xmlErrorPtr error) {
    cx_reader *reader = data;
    if (error == NULL) return;
    reader->callbacks.error(reader->context, error->code, (int)error->level, error->line, error->int2);
}

static pthread_once_t library_once = PTHREAD_ONCE_INIT;

static void initialize_library(void) { xmlInitParser(); }

cx_reader *cx_reader_create(const cx_callbacks *callbacks, void *context) {
    // Once per process, before any parser on any thread: xmlInitParser is not safe to race.
    pthread_once(&library_once, initialize_library);
    cx_reader *reader = calloc(1, sizeof(cx_reader));
    if (reader == NULL) return NULL;
    reader->callbacks = *callbacks;
    reader->context = context;
    xmlSAXHandler handler;
    memset(&handler, 0, sizeof(handler));
    // A SAX1 handler: libxml2 then parses without namespace processing, names as written,
    // attributes in document order. (A SAX2 handler makes the push parser switch to SAX2's
    // namespace-resolving start tags whatever else is set.) Errors reach structured_error through
    // the thread's structured error handler, set around each chunk.
    handler.initialized = 1;
    handler.startElement = start_element;
    handler.endElement = end_element;
    handler.characters = characters;
    handler.ignorableWhitespace = characters;
    handler.cdataBlock = cdata;
    reader->parser = xmlCreatePushParserCtxt(&handler, reader, NULL, 0, NULL);
    if (reader->parser == NULL) {
        free(reader);
        return NULL;
    }
    // NOENT substitutes the predefined entities in attribute values too (without it libxml2 keeps
    // `&amp;` there as `&#38;`); no other entity can exist, since a document declaring one is
    // refused before it reaches the parser, and no DTD is loaded.
    xmlCtxtUseOptions(reader->parser, XML_PARSE_NONET | XML_PARSE_NOENT);
    return reader;
}

int cx_reader_feed(cx_reader *reader, const char *bytes, int length, int last) {
    // The handler is per thread in libxml2; the one in place before is restored, so nothing else
    // on this thread sees ours.
    xmlStructuredErrorFunc previous = xmlStructuredError;
    void *previousContext = xmlStructuredErrorContext;
    xmlSetStructuredErrorFunc(reader, structured_error);
    int result = xmlParseChunk(reader->parser, bytes, length, last);
    xmlSetStructuredErrorFunc(previousContext, previous);
    return result;
}

void cx_reader_stop(cx_reader *reader) { xmlStopParser(reader->parser); }

int cx_reader_line(cx_reader *reader) { return xmlSAX2GetLineNumber(reader->parser); }

int cx_reader_column(cx_reader *reader) { return xmlSAX2GetColumnNumber(reader->parser); }

int cx_reader_well_formed(cx_reader *reader) { return reader->parser->wellFormed; }

void cx_reader_free(cx_reader *reader) {
    if (reader == NULL) return;
    xmlFreeParserCtxt(reader->parser);
    free(reader);
}
