"""The deployment files (deploy/) read for what no container runtime here can check.

There is no Docker or Kubernetes on the test machine, so the image is never built here. These
tests read the files for the properties docs/DEPLOY.md promises, and for the mistakes that
would pass silently at run time: an environment variable whose name Streamlit or the app does
not know is ignored without a word, and a local package the image does not copy only fails
when a page imports it.
"""

from __future__ import annotations

import ast
import re
import shlex
from dataclasses import fields
from pathlib import Path

import yaml
from streamlit import config

from tests.source_files import python_files
from ui.app.limits import Limits

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"


def dockerfile() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (INSTRUCTION, arguments), continuation lines joined."""
    text = re.sub(r"\\\n", " ", (DEPLOY / "Dockerfile").read_text())
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def docker_env() -> dict[str, str]:
    """Every ENV of the Dockerfile (``ENV A=1 B=2`` form)."""
    env: dict[str, str] = {}
    for word, rest in dockerfile():
        if word == "ENV":
            for item in shlex.split(rest):
                key, _, value = item.partition("=")
                env[key] = value
    return env


def k8s_documents() -> list[dict]:
    return [
        doc
        for path in sorted((DEPLOY / "k8s").glob("*.yaml"))
        for doc in yaml.safe_load_all(path.read_text())
        if doc
    ]


def test_the_image_is_python_311_slim_and_runs_as_a_user_other_than_root() -> None:
    instructions = dockerfile()
    assert [rest for word, rest in instructions if word == "FROM"] == ["python:3.11-slim"]
    users = [rest for word, rest in instructions if word == "USER"]
    assert users, "no USER: the app would run as root"
    user = users[-1].split(":")[0]
    assert user not in ("root", "0")
    # the instructions after the last USER run as that user: the app's CMD among them
    last_user = max(i for i, (word, _) in enumerate(instructions) if word == "USER")
    assert any(word == "CMD" for word, _ in instructions[last_user:])
    # Kubernetes runs it as the same uid
    [deployment] = [d for d in k8s_documents() if d["kind"] == "Deployment"]
    assert str(deployment["spec"]["template"]["spec"]["securityContext"]["runAsUser"]) == user


def test_the_image_installs_the_pinned_requirements_and_checks_its_health() -> None:
    instructions = dockerfile()
    runs = " ".join(rest for word, rest in instructions if word == "RUN")
    assert "pip install --no-cache-dir -r requirements.txt" in runs
    pins = [
        line
        for line in (ROOT / "requirements.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert pins and all(re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][\w.]*", p) for p in pins), pins
    [health] = [rest for word, rest in instructions if word == "HEALTHCHECK"]
    assert "/_stcore/health" in health and "STREAMLIT_SERVER_PORT" in health
    [cmd] = [rest for word, rest in instructions if word == "CMD"]
    assert cmd == '["streamlit", "run", "app.py"]'


def local_imports(root: Path) -> set[str]:
    """The top-level local modules and packages that the app's code imports (app.py, pages/,
    ui/, subword_core/, subpackages included)."""
    local = {p.stem for p in root.iterdir() if p.suffix == ".py" or (p / "__init__.py").exists()}
    local |= {p.name for p in root.iterdir() if p.is_dir() and any(p.rglob("*.py"))}
    imported = set()
    for source in python_files(root, "app.py", "pages", "ui", "subword_core"):
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.Import):
                imported |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    return imported & local


def test_the_image_copies_every_local_package_the_app_imports() -> None:
    copied = {
        Path(src).parts[0]
        for word, rest in dockerfile()
        if word == "COPY"
        for src in rest.split()[:-1]
        if not src.startswith("--")
    }
    needed = local_imports(ROOT) | {"app.py", ".streamlit", "pages"}
    assert {"subword_core", "ui"} <= needed  # the scan found the app's own packages
    missing = {name for name in needed if name not in copied and f"{name}.py" not in copied}
    assert not missing, f"the image does not copy {sorted(missing)}"
    assert "tests" not in copied and "benchmarks" not in copied


def _every_env_name() -> dict[str, set[str]]:
    """Each environment variable named in deploy/, by file."""
    names: dict[str, set[str]] = {}
    for path in DEPLOY.rglob("*"):
        if path.is_file():
            found = set(re.findall(r"\b(?:STREAMLIT|SUBWORD_LIMIT)_[A-Z0-9_]+", path.read_text()))
            names[str(path.relative_to(ROOT))] = found
    return names


def test_every_variable_named_in_deploy_is_one_streamlit_or_the_app_reads() -> None:
    streamlit_vars = {option.env_var for option in config._config_options_template.values()}
    limit_vars = {f"SUBWORD_LIMIT_{f.name.upper()}" for f in fields(Limits)}
    named = _every_env_name()
    assert any(n.startswith("SUBWORD_LIMIT_") for ns in named.values() for n in ns)
    for path, names in named.items():
        unknown = {n for n in names if n not in streamlit_vars | limit_vars}
        unknown.discard("SUBWORD_LIMIT_")  # a prefix in a comment, not a variable
        assert not unknown, f"{path} names variables nothing reads: {sorted(unknown)}"


def test_the_container_is_headless_without_a_file_watcher() -> None:
    env = docker_env()
    assert env["STREAMLIT_SERVER_HEADLESS"] == "true"
    assert env["STREAMLIT_SERVER_FILE_WATCHER_TYPE"] == "none"
    assert env["STREAMLIT_SERVER_ADDRESS"] == "0.0.0.0"  # reachable from the load balancer


def test_kubernetes_probes_the_health_endpoint_and_the_ingress_is_sticky() -> None:
    docs = {d["kind"]: d for d in k8s_documents()}
    assert set(docs) == {"Deployment", "Service", "Ingress"}
    [container] = docs["Deployment"]["spec"]["template"]["spec"]["containers"]
    for probe in ("readinessProbe", "livenessProbe"):
        assert container[probe]["httpGet"]["path"] == "/_stcore/health"
    assert any(e["name"].startswith("SUBWORD_LIMIT_") for e in container["env"])
    notes = docs["Ingress"]["metadata"]["annotations"]
    assert notes["nginx.ingress.kubernetes.io/affinity"] == "cookie"
    assert int(notes["nginx.ingress.kubernetes.io/proxy-read-timeout"]) >= 3600
    backend = docs["Ingress"]["spec"]["rules"][0]["http"]["paths"][0]["backend"]["service"]
    assert backend["name"] == docs["Service"]["metadata"]["name"]
    selector = docs["Service"]["spec"]["selector"]
    assert selector.items() <= docs["Deployment"]["spec"]["template"]["metadata"]["labels"].items()


def test_compose_runs_replicas_of_the_image_behind_nginx_with_this_configuration() -> None:
    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    app, nginx = compose["services"]["app"], compose["services"]["nginx"]
    assert app["build"]["dockerfile"] == "deploy/Dockerfile"
    assert "replicas" in app["deploy"]
    assert nginx["image"].startswith("nginx:")
    assert "./nginx.conf:/etc/nginx/nginx.conf:ro" in nginx["volumes"]
    conf = (DEPLOY / "nginx.conf").read_text()
    assert re.search(r"server app:8501\b", conf)  # the service's name and port
    assert re.search(r"^\s*hash \$route_key consistent;", conf, re.M)
    assert "ip_hash" not in re.sub(r"#.*", "", conf)
