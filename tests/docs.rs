//! `docs/ops.md`, the table of supported operations, is generated from the dialect registry and
//! checked here so it cannot go stale: `STRATA_BLESS=1 cargo test --test docs` rewrites it.

fn ops_table() -> String {
    let mut ops: Vec<_> = strata::dialect::registry().ops().collect();
    ops.sort_by_key(|d| d.name);
    let mut out = String::from(
        "# Supported operations\n\nGenerated from the dialect registry by `tests/docs.rs` \
         (`STRATA_BLESS=1 cargo test --test docs` rewrites it). Every op reads and prints in the generic \
         form; *custom form* is the keyword of its pretty form; *compiles* means it lowers to machine \
         code; *folds* means canonicalization folds it when its operands are constants; *interprets* \
         means the reference interpreter (`strata run --interpret`) runs it.\n\n\
         | op | custom form | compiles | folds | interprets | what it does |\n|---|---|---|---|---|---|\n",
    );
    for d in ops {
        let yes = |b: bool| if b { "yes" } else { "" };
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {} | {} |\n",
            d.name,
            if d.keyword.is_empty() { String::new() } else { format!("`{}`", d.keyword) },
            yes(d.compiles()),
            yes(d.folds()),
            yes(d.interprets()),
            d.summary.replace('|', "\\|")
        ));
    }
    out
}

#[test]
fn the_ops_table_is_current() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/ops.md");
    let want = ops_table();
    if std::env::var_os("STRATA_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &want).unwrap();
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(have == want, "docs/ops.md is stale: run `STRATA_BLESS=1 cargo test --test docs`");
}
