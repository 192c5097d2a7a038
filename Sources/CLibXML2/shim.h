// libxml2's headers, for the C reader in CXMLReader only (see docs/decisions/0007).
#include <libxml/parser.h>
