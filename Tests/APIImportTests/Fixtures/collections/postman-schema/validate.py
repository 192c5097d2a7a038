# Validates a Postman collection against the v2.1 schema compiled from the sources beside this file,
# as postmanlabs/schemas compiles them: collection.json with each collection/NAME.json under
# definitions/NAME. Written for apiexplore (MIT). Usage: validate.py SCHEMA_FOLDER DOCUMENT
import json, re, sys, os, glob
import jsonschema
folder, document = sys.argv[1], sys.argv[2]
def load(path):
    text = open(path, encoding="utf-8").read()
    # The sources carry // comments, which postmanlabs/schemas strips when it compiles them.
    return json.loads(re.sub(r'^\s*//.*$', '', text, flags=re.M))
schema = load(os.path.join(folder, "collection.json"))
schema["definitions"] = {
    os.path.basename(path)[:-5]: load(path) for path in sorted(glob.glob(os.path.join(folder, "collection", "*.json")))}
for definition in schema["definitions"].values():
    for key in ("$schema", "id", "$id"):
        definition.pop(key, None)
errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(json.load(open(document, encoding="utf-8"))), key=str)
for error in errors[:5]:
    print("/".join(map(str, error.absolute_path)), error.message[:300])
sys.exit(1 if errors else 0)
