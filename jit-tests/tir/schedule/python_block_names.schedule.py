# A schedule as a TVM user writes it (generate.py); TVM's trace of it: python_block_names.trace
sch.reindex("C", ("read", 0))
sch.compute_at("B", sch.get_loops("B_reindex_reindex")[0])
sch.cache_write("C", 0, "local")
sch.set_scope("B", 0, "local")
sch.cache_read("C", 0, "local", consumer_blocks=["C"])
sch.get_output_blocks(scope_block="root")
