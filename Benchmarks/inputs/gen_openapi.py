"""Makes a GitHub-sized OpenAPI 3.1 document the way real services make theirs: a FastAPI app
with 1,201 routes (150 resources and `getUser`, which the bench server answers), Pydantic models, enums, nested objects, query, path and
header parameters, descriptions and examples, whose own generated `/openapi.json` (FastAPI's
`app.openapi()`, written as FastAPI serves it: compact JSON) is saved.

Deterministic: the same document, byte for byte, at every run.

    python gen_openapi.py OUT.json [resources]    # needs fastapi (Tests/Peers/setup.sh installs it)
"""
import enum
import json
import random
import sys
from typing import Annotated, Optional

from fastapi import FastAPI, Header, Path, Query
from pydantic import BaseModel, Field, create_model

random.seed(1183)
RESOURCES = int(sys.argv[2]) if len(sys.argv) > 2 else 150

app = FastAPI(
    title="Big",
    version="1.0.0",
    description="A generated service of GitHub's size, for Netspec's benchmark.",
    servers=[{"url": "http://127.0.0.1:8080", "description": "the bench server"}],
)

WORDS = ("account alert archive asset audit batch billing branch build cache card channel check "
         "comment commit config contact coupon credit deploy device discount domain draft event export "
         "feature file fleet folder gift group hook image import incident invite invoice issue job key "
         "label lead license link list log member message meter metric milestone mirror note offer order "
         "package page payment plan policy price product project quota quote receipt record refund "
         "release report repo request review role rule run schedule scope secret segment session share "
         "shipment site snapshot source space stage status stream subscription suite tag task team "
         "template tenant test thread ticket token topic trace transfer trigger usage user variable "
         "vendor version view volume webhook widget workflow zone").split()

LOREM = ("The value is kept as sent and returned unchanged by every later read; an empty value "
         "clears it. See the guide for the rules that apply to organizations and enterprises.")


def camel(words):
    return words[0] + "".join(w.capitalize() for w in words[1:])


def pascal(words):
    return "".join(w.capitalize() for w in words)


class Visibility(str, enum.Enum):
    public = "public"
    private = "private"
    internal = "internal"


class Owner(BaseModel):
    """The account that owns the resource."""
    login: str = Field(description="The owner's login.", examples=["octocat"])
    id: int = Field(description="The owner's numeric id.", examples=[1])
    node_id: str = Field(description="The GraphQL node id.", examples=["MDQ6VXNlcjE="])
    avatar_url: str = Field(description="The owner's avatar.", examples=["https://example.com/a.png"])
    site_admin: bool = False


class Links(BaseModel):
    self_url: str = Field(alias="self", description="This resource.")
    html: str = Field(description="The page that shows this resource.")


models = {}
for index in range(RESOURCES):
    name = WORDS[index % len(WORDS)] + (str(index // len(WORDS) + 1) if index >= len(WORDS) else "")
    fields = {
        "id": (int, Field(description=f"The {name}'s id.", examples=[42])),
        "node_id": (str, Field(description="The GraphQL node id.", examples=["MDEwOlJlcG9zaXRvcnkx"])),
        "name": (str, Field(description=f"The {name}'s name. " + LOREM, max_length=100, examples=[f"my-{name}"])),
        "description": (Optional[str], Field(None, description="A longer description. " + LOREM)),
        "visibility": (Visibility, Field(Visibility.public, description="Who can see it.")),
        "owner": (Owner, Field(description="The owner.")),
        "links": (Links, Field(alias="_links", description="Related pages.")),
        "created_at": (str, Field(description="When it was made (ISO 8601).", examples=["2011-01-26T19:01:12Z"])),
        "updated_at": (str, Field(description="When it last changed (ISO 8601).", examples=["2011-01-26T19:14:43Z"])),
        "tags": (list[str], Field(default_factory=list, description="Free-form labels.")),
        "url": (str, Field(description="The API URL of this resource.")),
        "html_url": (str, Field(description="The web URL of this resource.")),
    }
    for extra in range(random.randint(8, 30)):
        kind = random.choice([int, str, bool, float, Optional[str], list[int], Optional[int]])
        words = random.sample(WORDS, 2)
        fields["_".join(words) + f"_{extra}"] = (kind, Field(None if "Optional" in str(kind) else ..., description=
                                                           f"The {' '.join(words)} of the {name}. " + LOREM))
    model = create_model(pascal([name]), **fields)
    create = create_model("New" + pascal([name]), name=(str, Field(description="The name.")),
                          description=(Optional[str], None), visibility=(Visibility, Visibility.public),
                          tags=(list[str], []))
    update = create_model(pascal([name]) + "Update", name=(Optional[str], None),
                          description=(Optional[str], None), visibility=(Optional[Visibility], None))
    models[name] = (model, create, update)


def example_of(model):
    """A full example of one model, as GitHub's document gives with every response."""
    values = {}
    for key, field in model.model_fields.items():
        text = str(field.annotation)
        if "Owner" in text:
            value = {"login": "octocat", "id": 1, "node_id": "MDQ6VXNlcjE=", "avatar_url": "https://example.com/a.png", "site_admin": False}
        elif "Links" in text:
            value = {"self": "https://api.example.com/x/1", "html": "https://example.com/x/1"}
        elif "list[int]" in text:
            value = [1, 2, 3]
        elif "list" in text:
            value = ["alpha", "beta"]
        elif "int" in text:
            value = random.randint(1, 100000)
        elif "float" in text:
            value = round(random.random() * 1000, 2)
        elif "bool" in text:
            value = random.random() < 0.5
        elif "Visibility" in text:
            value = "public"
        else:
            value = "https://api.example.com/orgs/octo-org/" + key + "/" + str(random.randint(1, 9999))
        values[field.alias or key] = value
    return values


def add_routes(name, model, create, update):
    plural = name + "s"
    base = f"/orgs/{{org}}/{plural}"
    item = base + f"/{{{name}_id}}"
    Org = Annotated[str, Path(description="The organization's login, not case-sensitive.")]
    Id = Annotated[int, Path(alias=f"{name}_id", description=f"The {name}'s id.")]
    PerPage = Annotated[int, Query(ge=1, le=100, description="Results per page (max 100).")]
    Page = Annotated[int, Query(ge=1, description="Page number of the results to fetch.")]
    Accept = Annotated[Optional[str], Header(alias="x-github-api-version", description="The API version.")]
    doc = f"Works on the {plural} of an organization. " + LOREM + " " + LOREM

    def list_items(org: Org, per_page: PerPage = 30, page: Page = 1,
                   sort: Annotated[str, Query(pattern="^(created|updated|name)$")] = "created",
                   direction: Annotated[str, Query(pattern="^(asc|desc)$")] = "desc",
                   tag: Annotated[Optional[list[str]], Query()] = None, version: Accept = None) -> list[model]:
        return []

    def create_item(org: Org, body: create, version: Accept = None) -> model:
        return None

    def get_item(org: Org, item_id: Id, version: Accept = None) -> model:
        return None

    def replace_item(org: Org, item_id: Id, body: create) -> model:
        return None

    def update_item(org: Org, item_id: Id, body: update) -> model:
        return None

    def delete_item(org: Org, item_id: Id) -> None:
        return None

    def list_events(org: Org, item_id: Id, per_page: PerPage = 30, page: Page = 1,
                    since: Annotated[Optional[str], Query(description="Only events after this time.")] = None) -> list[Owner]:
        return []

    def archive_item(org: Org, item_id: Id, reason: Annotated[Optional[str], Query()] = None) -> model:
        return None

    tag = [name]
    sample = example_of(model)
    for path, method, function, op, status in [
        (base, "get", list_items, "list", 200), (base, "post", create_item, "create", 201),
        (item, "get", get_item, "get", 200), (item, "put", replace_item, "replace", 200),
        (item, "patch", update_item, "update", 200), (item, "delete", delete_item, "delete", 204),
        (item + "/events", "get", list_events, "listEvents", 200), (item + "/archive", "post", archive_item, "archive", 200),
    ]:
        app.add_api_route(path, function, methods=[method.upper()], tags=tag, status_code=status,
                          operation_id=f"{name}s/{op}", summary=f"{op} {name}", description=doc,
                          responses={status: {"content": {"application/json": {"example": [sample] * 19 if op in ("list", "listEvents") else sample}}} if status != 204 else {},
                                     404: {"description": "Resource not found", "content": {"application/json": {"example": {
                                         "message": "Not Found", "documentation_url": f"https://docs.example.com/rest/{name}s#{op}"}}}},
                                     403: {"description": "Forbidden", "content": {"application/json": {"example": {
                                         "message": "Must have admin rights to this " + name + ".",
                                         "documentation_url": f"https://docs.example.com/rest/{name}s#{op}"}}}}})


for name, (model, create, update) in models.items():
    add_routes(name, model, create, update)


class User(BaseModel):
    id: str
    name: str
    email: str
    active: bool


@app.get("/users/{id}", operation_id="getUser", tags=["user"], summary="One user (what the bench server answers)")
def get_user(id: Annotated[str, Path(description="The user's id.")]) -> User:
    return None

document = app.openapi()
with open(sys.argv[1], "w", encoding="utf-8") as out:
    out.write(json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":")))
paths = document["paths"]
print(f"{sum(len(v) for v in paths.values())} operations, {len(document['components']['schemas'])} schemas", file=sys.stderr)
