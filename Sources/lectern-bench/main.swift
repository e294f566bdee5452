print("lectern-bench")
